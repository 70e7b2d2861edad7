import { useNavigate } from '@henhouse/kit/router';
import type { ContentButton as ContentButtonBlock } from '@henhouse/kit/api/types';

/** A button block of the content service (the contract's ContentButton). */
export type ButtonBlock = ContentButtonBlock;

/** contentButtonHref is the content service's rule for a link that is not an external url: /{cached_url}, with
 *  ?{param} only when the button is given a param. */
export function contentButtonHref(b: Pick<ButtonBlock, 'link' | 'param'>): string {
  const url = '/' + b.link.cached_url.replace(/^\/+/, '');
  return b.param ? `${url}?${b.param}` : url;
}

/** The content button: a button block of a content page (text, variant, size, icon, link). */
export function ContentButton({ block, onEvent }: { block: ButtonBlock; onEvent?: (name: string) => void }) {
  const navigate = useNavigate();
  const cls = [
    'hh-cbutton',
    `hh-cbutton--${block.variant ?? 'primary'}`,
    `hh-cbutton--${block.size ?? 'large'}`,
    block.icon_position ?? '',
  ].join(' ');
  const icon = block.icon ? (
    <span className="hh-cbutton__icon" aria-hidden="true">
      {block.icon === 'arrow' ? '→' : '›'}
    </span>
  ) : null;
  const inner = (
    <>
      {block.icon_position === 'icon-left' && icon}
      {block.text}
      {block.icon_position !== 'icon-left' && icon}
    </>
  );
  if (block.link.linktype === 'url') {
    return (
      <a
        className={cls}
        href={block.link.cached_url}
        target={block.target ?? '_blank'}
        rel="noopener noreferrer"
        aria-disabled={block.disabled || undefined}
      >
        {inner}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={cls}
      disabled={block.disabled}
      onClick={() => {
        if (block.emit_event) {
          onEvent?.(block.emit_event);
          window.dispatchEvent(new CustomEvent(block.emit_event));
        } else navigate(contentButtonHref(block));
      }}
    >
      {inner}
    </button>
  );
}
