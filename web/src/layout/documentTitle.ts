/** The tab's title: the screen's heading, after the unread notifications' count when there are any ('(2) Movie Details · MovieClub'). */
let heading = '';
let unread = 0;

function write(): void {
  const count = unread > 99 ? '99+' : String(unread);
  document.title = `${unread > 0 ? `(${count}) ` : ''}${heading} · MovieClub`;
}

export function showHeadingInTitle(text: string): void {
  heading = text;
  write();
}

/** The bell's count, so that a tab in the background shows new notifications too; 0 takes it away. */
export function showUnreadInTitle(count: number): void {
  unread = count;
  write();
}
