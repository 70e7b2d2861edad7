// The checkout client: the script a page loads from the processor to show the hosted
// card fields. It puts the processor's frame into the page and talks to it only by
// postMessage, so the page's own JavaScript never sees a card number. Messages are
// accepted only from that frame's window and origin, on the channel opened for it.
import {
  TAG,
  VERSION,
  isEnvelope,
  type CardToken,
  type Envelope,
  type Field,
  type FieldsError,
  type FieldsState,
  type FrameMessage,
  type PageMessage,
} from './protocol';

export type { CardToken, Field, FieldsError, FieldsState } from './protocol';

export interface MountOptions {
  /** The processor that tokenizes the card ("hosted", "second"). */
  processor: string;
  /** The frame's accessible name. Default: "Card details". */
  title?: string;
  /** Called with the fields' state (brand, complete, messages) on every change. */
  onChange?: (state: FieldsState) => void;
  /** Called once the frame is ready for the guest. */
  onReady?: () => void;
  /** Where the processor serves its frame. Default: the origin this script came from. */
  origin?: string;
  /** How long a tokenize may take before it fails. Default: 30000 ms. */
  timeoutMs?: number;
}

export interface HostedFields {
  readonly frame: HTMLIFrameElement;
  /** tokenize checks the fields in the frame and answers the processor's token for the card. */
  tokenize(): Promise<CardToken>;
  /** showError shows a message at one field in the frame (e.g. a decline of the security code). */
  showError(field: Field, message: string): void;
  focus(): void;
  clear(): void;
  /** destroy removes the frame and stops listening. */
  destroy(): void;
}

let scriptOrigin = '';
if (typeof document !== 'undefined') {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  if (src) scriptOrigin = new URL(src, document.baseURI).origin;
}

function randomChannel(): string {
  const a = new Uint8Array(12);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** mount puts the hosted card fields into container. */
export function mount(container: HTMLElement, opts: MountOptions, win: Window = window): HostedFields {
  const origin = opts.origin || scriptOrigin || win.location.origin;
  const channel = randomChannel();
  const frame = win.document.createElement('iframe');
  const q = new URLSearchParams({ processor: opts.processor, channel });
  frame.src = `${origin}/payments/${VERSION}/fields?${q}`;
  frame.title = opts.title ?? 'Card details';
  frame.className = 'hh-hosted-fields';
  frame.style.width = '100%';
  frame.style.border = '0';
  frame.style.height = '260px';
  frame.setAttribute('allow', 'payment');
  // The fields are usually far down a form (the checkout's last step, the gift card's
  // last fieldset): the frame loads as the guest nears it, so the page's first screen and
  // what it does once idle (a welcome popup) do not wait for it. Anything the page asks
  // of the fields before then (focus, tokenize) loads it at once (post).
  frame.setAttribute('loading', 'lazy');

  let ready = false;
  const queue: PageMessage[] = [];
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (c: CardToken) => void; reject: (e: FieldsError) => void; timer: number }
  >();

  const post = (m: PageMessage) => {
    if (!ready || !frame.contentWindow) {
      queue.push(m);
      frame.setAttribute('loading', 'eager');
      return;
    }
    const env: Envelope<PageMessage> = { ...m, tag: TAG, channel };
    frame.contentWindow.postMessage(env, origin);
  };

  const onMessage = (e: MessageEvent) => {
    // Only the frame this call made, from the processor's origin, on our channel.
    if (e.origin !== origin || e.source !== frame.contentWindow || !isEnvelope(e.data, channel)) return;
    const m = e.data as unknown as FrameMessage;
    switch (m.type) {
      case 'ready':
        ready = true;
        frame.style.height = `${m.height}px`;
        queue.splice(0).forEach(post);
        opts.onReady?.();
        break;
      case 'resize':
        frame.style.height = `${m.height}px`;
        break;
      case 'change':
        opts.onChange?.(m.state);
        break;
      case 'token':
      case 'error': {
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        win.clearTimeout(p.timer);
        if (m.type === 'token') p.resolve(m.card);
        else p.reject(m.error);
        break;
      }
    }
  };
  win.addEventListener('message', onMessage);
  container.appendChild(frame);

  return {
    frame,
    tokenize() {
      const id = nextId++;
      return new Promise<CardToken>((resolve, reject) => {
        const timer = win.setTimeout(() => {
          pending.delete(id);
          reject({ code: 'fields_timeout', message: "The card form didn't answer. Please try again." });
        }, opts.timeoutMs ?? 30000);
        pending.set(id, { resolve, reject, timer });
        post({ type: 'tokenize', id });
      });
    },
    showError: (field, message) => post({ type: 'showError', field, message }),
    focus: () => post({ type: 'focus' }),
    clear: () => post({ type: 'clear' }),
    destroy() {
      win.removeEventListener('message', onMessage);
      for (const p of pending.values()) win.clearTimeout(p.timer);
      pending.clear();
      frame.remove();
    },
  };
}
