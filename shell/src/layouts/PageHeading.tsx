/** The visually hidden heading announced on every page (docs/routes.md, "Headings"). */
export function PageHeading({ text }: { text: string }) {
  return (
    // tabIndex -1: focus moves here on client-side navigation (shell/src/routing/Root.tsx).
    <h1 className="visually-hidden" id="page-heading" tabIndex={-1}>
      {text}
    </h1>
  );
}
