import type { ReactNode } from 'react';

/** ScreenFrame gives every screen the same outer structure and a data-screen hook
 *  for browser tests and analytics. */
export function ScreenFrame({ name, title, children }: { name: string; title: string; children?: ReactNode }) {
  return (
    <section className="hh-screen" data-screen={name} aria-labelledby={`screen-${name}`}>
      <h2 id={`screen-${name}`} className="hh-screen__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
