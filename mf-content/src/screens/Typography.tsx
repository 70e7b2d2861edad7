import type { ScreenProps } from '@henhouse/kit/screen';
import { colors } from '@henhouse/kit/tokens';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';

/** The typography showcase: the type scale and color tokens every remote uses. */
export default function Typography(_props: ScreenProps) {
  return (
    <ScreenFrame name="mf-content/Typography" title="Typography">
      <h1 className="hh-type-sample">Heading 1: Fried fresh every hour</h1>
      <h2>Heading 2: Hand-breaded tenders</h2>
      <h3>Heading 3: Honey butter biscuits</h3>
      <h4>Heading 4: Sides made from scratch</h4>
      <p>Body text: Our chicken is brined for twelve hours, breaded by hand and fried in small batches.</p>
      <p>
        <small>Small print: Prices and availability vary by restaurant.</small>
      </p>
      <h3>Colors</h3>
      <ul className="hh-swatches">
        {Object.entries(colors).map(([name, value]) => (
          <li key={name}>
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: 24,
                height: 24,
                background: value,
                verticalAlign: 'middle',
                border: '1px solid #ccc',
              }}
            />{' '}
            {name} {value}
          </li>
        ))}
      </ul>
    </ScreenFrame>
  );
}
