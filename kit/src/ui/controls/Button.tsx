// The site's one button: primary (the page's main action, secondary red with white
// text), secondary (white with a red border) and ghost (no border, for lesser actions
// beside a primary one). Styles in ./controls.css; a link that looks like a button takes
// the same classes (`<a className="hh-btn hh-btn--primary">`).
import type { ButtonHTMLAttributes, Ref } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ControlSize = 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ControlSize;
  /** Take the whole width of the container (mobile forms, drawers). */
  full?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** buttonClass is the class list of a button of the kit, for a link that looks like one. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  full,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'full' | 'className'> = {}): string {
  return ['hh-btn', `hh-btn--${variant}`, `hh-btn--${size}`, full && 'hh-btn--full', className]
    .filter(Boolean)
    .join(' ');
}

/** Button is a native <button>: inside a form it submits unless `type="button"`, as HTML has it. */
export function Button({ variant, size, full, className, ...rest }: ButtonProps) {
  return <button {...rest} className={buttonClass({ variant, size, full, className })} />;
}
