export const CONTACT_MAIL = 'hello@earshot.app';
