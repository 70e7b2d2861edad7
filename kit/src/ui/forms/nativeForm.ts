// The state of a form whose fields are the browser's own inputs: their values, which
// ones are in error and why, and whether it is being sent. It is for the forms that are
// the whole first render of their route (sign-in, the gift-card purchase and balance):
// react-hook-form, which the other forms use, is 12–13 KB gzip, and on those routes it
// would put the first render over its JavaScript budget (docs/architecture.md,
// "Forms"). This is about 1 KB. It keeps react-hook-form's shape (register,
// handleSubmit, setError, formState.errors), so a form can move between the two without
// being rewritten, and the kit's rules (rules.ts) and server errors (serverErrors.ts)
// serve both.
//
// The fields stay uncontrolled: a keystroke re-renders nothing unless the form watches
// that field. The values the form's handler gets are read from the inputs when the form
// is submitted, so what the browser filled in or restored is what is sent.
import { useReducer, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';

type Values = Record<string, string>;
/** A form's values: every field's is a string (a radio group's is the checked radio's). */
type Strings<T> = Record<keyof T, string>;
type Input = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The checks of one field. Every message says what to do ("Enter your email address"). */
export interface FieldRules<T extends Strings<T> = Values> {
  /** The message when the field is empty (no text typed, no choice made). */
  required?: string;
  /** true when the value is good, or the message that says what to fix. It gets every
   *  value of the form too, for checks that depend on another field. */
  validate?: (value: string, all: T) => true | string;
}

export interface FieldError {
  /** "required", "validate", or "server" for a message the edge gave. */
  type: string;
  message: string;
}

export type FieldErrors<T> = Partial<Record<keyof T & string, FieldError>>;

export interface NativeFormOptions<T extends Strings<T>> {
  /** Each field's value before the guest changes it; a radio group's is the value of
   *  the radio that starts checked. */
  defaultValues: T;
  /** Optional. Default: 'onSubmit': a field is first checked when the form is submitted.
   *  'onTouched': also when it loses focus, and from then on at each change. After a
   *  submit every field is checked again at each change, so an error goes as soon as
   *  it is fixed. */
  mode?: 'onSubmit' | 'onTouched';
  /** Optional. Default: true: a refused submit moves focus to the first field in error,
   *  in the order they are on the page. */
  shouldFocusError?: boolean;
}

/** What `register` gives an input: spread it on the input (or on each radio of a group). */
export interface FieldProps {
  name: string;
  ref: (el: Input | null) => (() => void) | undefined;
  onChange: (e: ChangeEvent<Input>) => void;
  onBlur: (e: FocusEvent<Input>) => void;
}

export interface NativeForm<T extends Strings<T>> {
  register: (name: keyof T & string, rules?: FieldRules<T>) => FieldProps;
  /** The form's onSubmit: checks every field shown, then calls onValid with the values
   *  (formState.isSubmitting is true until it settles) or onInvalid with the errors. */
  handleSubmit: (
    onValid: (values: T) => unknown,
    onInvalid?: (errors: FieldErrors<T>) => void,
  ) => (e?: FormEvent) => Promise<void>;
  setError: (name: keyof T & string, error: FieldError, options?: { shouldFocus: boolean }) => void;
  /** Puts a field back to its default value and clears its error. */
  resetField: (name: keyof T & string) => void;
  setFocus: (name: keyof T & string) => void;
  /** The field's current value; the form re-renders when it changes. */
  watch: (name: keyof T & string) => string;
  formState: { errors: FieldErrors<T>; isSubmitting: boolean };
}

interface Field<T extends Strings<T>> {
  rules: FieldRules<T>;
  inputs: Set<Input>;
}

const isChoice = (el: Input): el is HTMLInputElement =>
  el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox');

/** first is the input of the list that comes first on the page. */
function first(inputs: Iterable<Input>): Input | undefined {
  let found: Input | undefined;
  for (const el of inputs) {
    if (!found || found.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) found = el;
  }
  return found;
}

export function useNativeForm<T extends Strings<T>>(options: NativeFormOptions<T>): NativeForm<T> {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // Made once: its functions keep their identity, so the inputs' refs and handlers do.
  const [form] = useState(() => create(options, setErrors, setSubmitting, rerender));
  return { ...form, formState: { errors, isSubmitting } };
}

type Name<T> = keyof T & string;

function create<T extends Strings<T>>(
  { defaultValues, mode = 'onSubmit', shouldFocusError = true }: NativeFormOptions<T>,
  setErrors: (update: (prev: FieldErrors<T>) => FieldErrors<T>) => void,
  setSubmitting: (on: boolean) => void,
  rerender: () => void,
): Omit<NativeForm<T>, 'formState'> {
  const current: T = { ...defaultValues };
  const values: Values = current;
  const fields = new Map<string, Field<T>>();
  const props = new Map<string, FieldProps>();
  const touched = new Set<string>();
  const watched = new Set<string>();
  let submitted = false;

  // The value the page shows: the checked radio of a group ('' when none is), or the
  // input's text. A field that is not on the page keeps its last value.
  const read = (name: string): string => {
    const inputs = [...(fields.get(name)?.inputs ?? [])];
    if (inputs.length === 0) return values[name] ?? '';
    if (inputs.some(isChoice)) return inputs.find((el) => isChoice(el) && el.checked)?.value ?? '';
    return inputs[0].value;
  };
  const show = (el: Input, value: string) => {
    if (isChoice(el)) el.checked = el.value === value;
    else el.value = value;
  };

  const check = (name: string): FieldError | undefined => {
    const rules = fields.get(name)?.rules ?? {};
    const value = values[name] ?? '';
    if (rules.required && value === '') return { type: 'required', message: rules.required };
    const verdict = rules.validate?.(value, { ...current });
    return verdict === undefined || verdict === true ? undefined : { type: 'validate', message: verdict };
  };
  const put = (name: string, error: FieldError | undefined) =>
    setErrors((prev) => {
      const had = prev[name as Name<T>];
      if (had?.message === error?.message && had?.type === error?.type) return prev;
      const next = { ...prev };
      if (error) next[name as Name<T>] = error;
      else delete next[name as Name<T>];
      return next;
    });
  const focus = (name: string) => (first(fields.get(name)?.inputs ?? []) as HTMLElement | undefined)?.focus();

  const register = (name: Name<T>, rules: FieldRules<T> = {}): FieldProps => {
    let field = fields.get(name);
    if (!field) fields.set(name, (field = { rules: {}, inputs: new Set() }));
    // A radio group registers each radio; the rules given anywhere in it add up.
    if (rules.required !== undefined || rules.validate !== undefined) field.rules = { ...field.rules, ...rules };
    let p = props.get(name);
    if (!p) {
      const inputs = field.inputs;
      p = {
        name,
        ref: (el) => {
          if (!el) return undefined;
          inputs.add(el);
          show(el, values[name] ?? '');
          return () => {
            // Leaving the page, it keeps what the guest typed for when it comes back.
            if (!isChoice(el)) values[name] = el.value;
            inputs.delete(el);
          };
        },
        onChange: () => {
          values[name] = read(name);
          if (watched.has(name)) rerender();
          if (submitted || (mode === 'onTouched' && touched.has(name))) put(name, check(name));
        },
        onBlur: () => {
          touched.add(name);
          if (mode === 'onTouched') put(name, check(name));
        },
      };
      props.set(name, p);
    }
    return p;
  };

  const handleSubmit: NativeForm<T>['handleSubmit'] = (onValid, onInvalid) => async (e) => {
    e?.preventDefault();
    submitted = true;
    const found: FieldErrors<T> = {};
    for (const [name, field] of fields) {
      if (field.inputs.size === 0) continue;
      values[name] = read(name);
      const error = check(name);
      if (error) found[name as Name<T>] = error;
    }
    setErrors(() => found);
    const wrong = Object.keys(found);
    if (wrong.length > 0) {
      if (shouldFocusError) first(wrong.flatMap((name) => [...(fields.get(name)?.inputs ?? [])]))?.focus();
      onInvalid?.(found);
      return;
    }
    setSubmitting(true);
    try {
      await onValid({ ...current });
    } finally {
      setSubmitting(false);
    }
  };

  return {
    register,
    handleSubmit,
    setError: (name, error, opts) => {
      put(name, error);
      if (opts?.shouldFocus) focus(name);
    },
    resetField: (name) => {
      values[name] = (defaultValues as Values)[name] ?? '';
      for (const el of fields.get(name)?.inputs ?? []) show(el, values[name]);
      touched.delete(name);
      put(name, undefined);
      if (watched.has(name)) rerender();
    },
    setFocus: focus,
    watch: (name) => {
      watched.add(name);
      return values[name] ?? '';
    },
  };
}
