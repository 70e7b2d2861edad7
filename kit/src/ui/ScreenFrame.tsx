import { useEffect, type ReactNode } from 'react';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';

/** ScreenFrame gives every screen the same outer structure and a data-screen hook
 *  for browser tests and analytics. Its first render tells the shell the page's first
 *  screen is shown (kit/src/ui/firstScreen.ts). */
export function ScreenFrame({ name, title, children }: { name: string; title: string; children?: ReactNode }) {
  useEffect(screenRendered, []);
  return (
    <section className="hh-screen" data-screen={name} aria-labelledby={`screen-${name}`}>
      <h2 id={`screen-${name}`} className="hh-screen__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
