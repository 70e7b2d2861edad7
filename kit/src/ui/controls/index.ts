// The kit's form controls (docs/design.md): every radio, checkbox, select and button
// on the site comes from here, so the site has one look and one behaviour. Each renders
// a native input inside an element carrying `data-hh-control`; e2e/tests/controls.test.mjs
// fails on a page with a native radio, checkbox or select outside one. Text fields are
// TextField from @henhouse/kit/ui/forms/Field.
export { Button, buttonClass } from '@henhouse/kit/ui/controls/Button';
export type { ButtonProps, ButtonVariant, ControlSize } from '@henhouse/kit/ui/controls/Button';
export { Chips, Segmented } from '@henhouse/kit/ui/controls/choices';
export type { ChoiceOption, SegmentedProps } from '@henhouse/kit/ui/controls/choices';
export { Checkbox, ChoiceCard, ChoiceGroup } from '@henhouse/kit/ui/controls/cards';
export type { CheckboxProps, ChoiceCardProps, ChoiceGroupProps } from '@henhouse/kit/ui/controls/cards';
export { Stepper } from '@henhouse/kit/ui/controls/Stepper';
export type { StepperProps } from '@henhouse/kit/ui/controls/Stepper';
export { Select } from '@henhouse/kit/ui/controls/Select';
export type { SelectOption, SelectProps } from '@henhouse/kit/ui/controls/Select';
