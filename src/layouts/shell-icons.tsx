import { IconMenu2, IconPuzzle, IconUserCircle } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The shell's decorative icons as SVG markup, rendered once when the server starts: rendered
 * from an .astro file, each icon would be a React render (and a renderer probe) per request.
 */
export const shellIcons = {
  menu: renderToStaticMarkup(<IconMenu2 size={20} aria-hidden="true" />),
  brand: renderToStaticMarkup(<IconPuzzle className="app-brand-mark" size={28} aria-hidden="true" />),
  profile: renderToStaticMarkup(<IconUserCircle size={20} aria-hidden="true" />),
} as const;
