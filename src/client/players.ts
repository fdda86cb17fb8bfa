/**
 * Players use preload="none", so nothing is fetched until someone presses play. The build checks
 * that every media file the content names ships in public/, but a file can still fail on the way
 * (a network error, a CDN that lost it); then a note replaces the error instead of leaving a dead
 * player.
 */
export function watchPlayers(root: ParentNode = document): void {
  for (const media of root.querySelectorAll<HTMLMediaElement>('[data-player]')) {
    media.addEventListener('error', () => {
      const note = media.parentElement?.querySelector('[data-player-note]');
      if (note) note.textContent = 'This media file is not available right now. The rest of the page works as usual.';
    });
    // A <source>-less element reports errors on itself; this covers <source> children too.
    for (const source of media.querySelectorAll('source')) source.addEventListener('error', () => media.dispatchEvent(new Event('error')));
  }
}
