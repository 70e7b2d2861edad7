/** The visually hidden heading announced on every page (docs/routes.md, "Headings"). */
export function PageHeading({ text }: { text: string }) {
  return (
    <h1 className="visually-hidden" id="page-heading">
      {text}
    </h1>
  );
}
