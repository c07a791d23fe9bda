import { useFieldError } from '../../components/form-errors-context';
import { API_KEY_SCOPES } from '../roles/permissions';
import type { ApiKeysPanelLabels } from './api-keys-labels';

/** "What the key may call": one checkbox per scope, all ticked to start with; errors come on `scopes`. */
export default function ApiKeysScopeFields({ labels }: { labels: ApiKeysPanelLabels }) {
  const { id, error, errorId, invalid } = useFieldError('scopes');
  const hintId = `${id}-hint`;
  return (
    <fieldset className="mb-3" aria-describedby={[hintId, invalid ? errorId : ''].join(' ').trim()}>
      <legend className="form-label fs-6">{labels.keys.scopes}</legend>
      {API_KEY_SCOPES.map((scope) => (
        <div key={scope} className="form-check">
          <input
            id={`${id}-${scope}`}
            className={`form-check-input${invalid ? ' is-invalid' : ''}`}
            type="checkbox"
            name="scopes"
            value={scope}
            defaultChecked
            aria-invalid={invalid || undefined}
          />
          <label className="form-check-label" htmlFor={`${id}-${scope}`}>
            {labels.scopes[scope]}
          </label>
        </div>
      ))}
      <div id={hintId} className="form-text">
        {labels.keys.scopesHint}
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
