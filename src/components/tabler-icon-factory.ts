import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

/**
 * Our stand-in for @tabler/icons-react's `createReactComponent`, which every icon module of that
 * package calls (swapped in at build time by scripts/build/lean-icons.mjs). Same props, same
 * shapes; the difference is the markup. Tabler writes its paint on every icon (`xmlns`, `fill`,
 * `stroke`, `stroke-width`, `stroke-linecap`, `stroke-linejoin` and a per-icon class): about 200
 * characters each, 13 KB of a 68 KB list page that the server encodes and sends on every request.
 * Here the paint lives once in CSS (`.tabler-icon` in src/styles/_icons.scss), and an icon carries
 * only its size, box and shape. A `stroke` or `color` other than the default is still written as
 * an attribute, and the stylesheet leaves icons that carry one alone.
 */
type IconNode = [tag: string, attributes: Record<string, string>][];

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'stroke' | 'ref'> {
  size?: number | string;
  stroke?: number | string;
  color?: string;
  title?: string;
  children?: ReactNode;
}

const DEFAULT_STROKE = 2;
const DEFAULT_COLOR = 'currentColor';

export default function createReactComponent(
  type: 'outline' | 'filled',
  _iconName: string,
  iconNamePascal: string,
  iconNode: IconNode,
) {
  const baseClass = type === 'filled' ? 'tabler-icon tabler-icon-filled' : 'tabler-icon';
  const Component = forwardRef<SVGSVGElement, IconProps>(
    (
      { color = DEFAULT_COLOR, size = 24, stroke = DEFAULT_STROKE, title, className, children, ...rest },
      ref,
    ) =>
      createElement(
        'svg',
        {
          ref,
          width: size,
          height: size,
          viewBox: '0 0 24 24',
          className: className ? `${baseClass} ${className}` : baseClass,
          ...(type === 'filled'
            ? color !== DEFAULT_COLOR && { fill: color }
            : {
                ...(Number(stroke) !== DEFAULT_STROKE && { strokeWidth: stroke }),
                ...(color !== DEFAULT_COLOR && { stroke: color }),
              }),
          ...rest,
        },
        title && createElement('title', { key: 'svg-title' }, title),
        ...iconNode.map(([tag, attributes]) => createElement(tag, attributes)),
        ...(Array.isArray(children) ? children : [children]),
      ),
  );
  Component.displayName = iconNamePascal;
  return Component;
}
