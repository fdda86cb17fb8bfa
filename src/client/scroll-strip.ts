/**
 * Keeps a sideways strip (src/components/ScrollStrip.astro) honest about what lies beyond its
 * edges: the frame carries `data-more-start` and `data-more-end`, which the stylesheet turns into
 * fades, and each button shows only while there is somewhere to go. Cards arrive and change after
 * load, so the state follows scrolling, resizing and every change of the list.
 */
export function followStrip(frame: HTMLElement): void {
  const list = frame.querySelector<HTMLElement>('[data-strip-list]');
  const back = frame.querySelector<HTMLButtonElement>('[data-strip-prev]');
  const forward = frame.querySelector<HTMLButtonElement>('[data-strip-next]');
  if (!list || !back || !forward) return;

  const update = () => {
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft < list.scrollWidth - list.clientWidth - 1;
    frame.toggleAttribute('data-more-start', start);
    frame.toggleAttribute('data-more-end', end);
    const focused = document.activeElement;
    back.hidden = !start;
    forward.hidden = !end;
    // A button that hides while focused hands focus to the other one, not to the page.
    if (focused === forward && !end && start) back.focus();
    if (focused === back && !start && end) forward.focus();
  };
  // A step leaves the card at the far edge in view; scroll snapping then lines a card up at the start.
  const step = (direction: 1 | -1) => list.scrollBy({ left: direction * list.clientWidth * 0.75 });

  back.addEventListener('click', () => step(-1));
  forward.addEventListener('click', () => step(1));
  list.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(update).observe(list);
  new MutationObserver(update).observe(list, { childList: true });
  update();
}
