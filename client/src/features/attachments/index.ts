/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { AttachmentList } from './AttachmentList.tsx';
export { AttachmentsField } from './AttachmentsField.tsx';
