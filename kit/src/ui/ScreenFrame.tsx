import { useEffect, type ReactNode } from 'react';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';

/** ScreenFrame gives every screen the same outer structure and a data-screen hook
 *  for browser tests and analytics. Its first render tells the shell the page's first
 *  screen is shown (kit/src/ui/firstScreen.ts). `loading`: the screen shows its title
 *  while its content is on its way, so nothing of the page below it is there yet; the
 *  shell holds the footer back meanwhile (it would stand under the title, then be pushed
 *  down when the content arrives). A frame still loading is not yet the screen: it has
 *  no data-screen and does not report itself, so the work the shell defers waits for the
 *  screen's content, and a prerendered copy of the screen stays in its place until then
 *  (docs/shell.md, "Prerendered screens"). */
export function ScreenFrame({
  name,
  title,
  loading,
  children,
}: {
  name: string;
  title: string;
  loading?: boolean;
  children?: ReactNode;
}) {
  useEffect(() => void (loading || screenRendered()), [loading]);
  return (
    <section
      className="hh-screen"
      data-screen={loading ? undefined : name}
      data-screen-loading={loading || undefined}
      aria-labelledby={`screen-${name}`}
    >
      <h2 id={`screen-${name}`} className="hh-screen__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
