// Page scroll lock shared by the navigation, dialogs and the cart drawer: the page
// stays locked while any of them is open and scrolls again when the last one closes.
let holders = 0;

export function lockScroll(): () => void {
  holders += 1;
  document.body.classList.add('hh-scroll-locked');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders = Math.max(0, holders - 1);
    if (holders === 0) document.body.classList.remove('hh-scroll-locked');
  };
}
