import type { AstroCookies } from 'astro';
import { config } from '../config';
import { sessionCookieName } from './sessions';

/** DESIGN.md §8: HttpOnly, SameSite=Lax, Path=/, and Secure + `__Host-` when served over https. */
export function setSessionCookie(cookies: AstroCookies, token: string): void {
  cookies.set(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config().secureCookies,
    maxAge: Math.floor(config().SESSION_TTL / 1000),
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(sessionCookieName(), {
    path: '/',
    secure: config().secureCookies,
    httpOnly: true,
    sameSite: 'lax',
  });
}
