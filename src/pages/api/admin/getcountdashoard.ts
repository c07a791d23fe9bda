import { apiRoute } from '../../../shared/routes/declare';
import { DashboardInput } from '../../../shared/dashboard/dashboard-input';
import { getDashboard } from '../../../server/dashboard/service';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getcountdashoard',
  methods: ['GET'],
  access: 'dashboard.view',
  input: DashboardInput,
});

// The contract's spelling ("dashoard") is kept: API clients already call it so.
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', {
    ResponseData: await getDashboard(readQuery(context, route.input), context.locals.admin!.permissions),
  }),
);
