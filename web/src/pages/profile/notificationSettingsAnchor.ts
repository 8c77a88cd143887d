/** The notification settings card's anchor on one's own profile: the bell's 'Settings' link leads there. */
export const NOTIFICATION_SETTINGS_ANCHOR = 'notifications';
