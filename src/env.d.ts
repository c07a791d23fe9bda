/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in admin, set by the session middleware from the cookie or bearer token; null when signed out. */
    admin: import('./server/auth/sessions').SessionAdmin | null;
    /** The raw session token of this request, kept so logout can revoke exactly this session. */
    sessionToken: string | null;
    /** The language this response renders in (cookie, else the admin's saved language, else Accept-Language). */
    locale: import('./i18n').Locale;
    /** `t` fixed to `locale`. */
    t: import('./lib/labels').T;
    /** The saved look (the `ui` cookie, else the defaults); rendered as attributes on `<html>`. */
    ui: import('./shared/settings/ui-settings').UiSettings;
    /** The client's IP address, from the socket or a trusted proxy. */
    clientIp: string;
    /**
     * Resolves once the client has taken what was written so far (the socket drained); set by the
     * Node entry, absent under `astro dev`. Streamed answers (CSV export) wait on it between batches.
     */
    outputReady?: () => Promise<void>;
    /**
     * Set when the database failed this request: the middleware renders /unavailable in its place
     * (src/server/http/unavailable.ts), and `retryHref` is what its "Try again" link repeats.
     */
    unavailable?: { retryHref: string };
    /** Set when the admin's role may not open the page asked for: /forbidden is drawn in its place. */
    forbidden?: { permission: import('./shared/roles/permissions').Permission };
  }
}
