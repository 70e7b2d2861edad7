// The script a page loads: /payments/2.8.0/checkout.js defines window.HenhousePay.
import { mount } from './checkout';
import { VERSION } from './protocol';

(window as Window & { HenhousePay?: { version: string; mount: typeof mount } }).HenhousePay = {
  version: VERSION,
  mount,
};
