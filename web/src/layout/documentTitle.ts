/** The tab's title: the screen's heading, after the unread notifications' count when there are any ('(2) Movie Details · MovieClub'). */
let heading = '';
let unread = 0;

/** An unread count as the bell's badge and the title write it: '99+' from a hundred. */
export const unreadCountText = (count: number): string => (count > 99 ? '99+' : String(count));

function write(): void {
  document.title = `${unread > 0 ? `(${unreadCountText(unread)}) ` : ''}${heading} · MovieClub`;
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
