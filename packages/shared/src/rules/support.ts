/** New support ticket (customer §5): Create is enabled when the subject or the message is non-blank. */
export const canCreateSupportTicket = (subject: string, message: string) => subject.trim() !== '' || message.trim() !== '';
