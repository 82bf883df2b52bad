import { NotFoundError, PermissionDeniedError, type AttachmentEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { attachmentDecider, type AttachmentCommand } from './decide.ts';

const { member, stranger, external, superuser } = actors;
const file = {
  filename: 'report.final.png',
  mimeType: 'image/png',
  size: 1234,
  blobKey: 'attachments/3/abc',
  imageType: 'image/png' as const,
};
const upload = (
  owner: { contentTypeId: number | null; objectId: number | null } = { contentTypeId: null, objectId: null },
): AttachmentCommand => ({
  type: 'UploadAttachment',
  attachmentId: 20,
  projectId: 3,
  comment: 'evidence',
  ...file,
  ...owner,
});
const uploaded = (userId: number, owner = { contentTypeId: null as number | null, objectId: null as number | null }): AttachmentEvent => ({
  type: 'AttachmentUploaded',
  data: { attachmentId: 20, projectId: 3, userId, name: 'report.final', comment: 'evidence', ...file, ...owner },
});
const deleted: AttachmentEvent = { type: 'AttachmentDeleted', data: {} };
const open = (events: AttachmentEvent[]) => given(attachmentDecider, events);

describe('attachment uploads', () => {
  it('records the upload with its uploader, the name without extension and the owner as given', () => {
    expect(open([]).when(upload(), member, accessTo(member))).toEqual([uploaded(5)]);
    const owned = { contentTypeId: 7, objectId: 42 };
    expect(open([]).when(upload(owned), member, accessTo(member))).toEqual([uploaded(5, owned)]);
    expect(open([uploaded(5)]).state).toMatchObject({ exists: true, projectId: 3, userId: 5, contentTypeId: null });
  });

  it('records nothing twice for the same attachment', () => {
    expect(open([uploaded(5)]).when(upload(), member, accessTo(member))).toEqual([]);
  });

  it('refuses a content type that is not published', () => {
    expect(fieldErrorsOf(() => open([]).when(upload({ contentTypeId: 99, objectId: 1 }), member, accessTo(member)))).toEqual({
      content_type: ['Invalid pk "99" - object does not exist.'],
    });
  });

  it('follows the project rule with add_attachment: public to internal users (K8), private to members whose roles grant it', () => {
    expect(open([]).when(upload(), stranger, accessTo(stranger))).toHaveLength(1);
    expect(() => open([]).when(upload(), external, accessTo(external))).toThrow(PermissionDeniedError);
    expect(() => open([]).when(upload(), stranger, accessTo(stranger, { isPrivate: true }))).toThrow(PermissionDeniedError);
    expect(open([]).when(upload(), member, accessTo(member, { isPrivate: true, members: { 5: [2] } }))).toHaveLength(1);
    expect(() => open([]).when(upload(), member, accessTo(member, { isPrivate: true, members: { 5: [3] } }))).toThrow(
      PermissionDeniedError,
    );
    expect(() => open([]).when(upload(), member, accessGranting(['view_project', 'delete_attachment']))).toThrow(PermissionDeniedError);
    expect(open([]).when(upload(), member, accessGranting(['view_project', 'add_attachment']))).toHaveLength(1);
    expect(open([]).when(upload(), superuser, accessTo(superuser, { isPrivate: true }))).toHaveLength(1);
    expect(() => open([]).when(upload(), member, accessTo(member, { deleted: true }))).toThrow(NotFoundError);
    expect(() => open([]).when(upload(), member)).toThrow(NotFoundError);
  });

  it('keeps an archived project read-only except for superusers', () => {
    expect(() => open([]).when(upload(), member, accessTo(member, { isArchive: true }))).toThrow(PermissionDeniedError);
    expect(open([]).when(upload(), superuser, accessTo(superuser, { isArchive: true }))).toHaveLength(1);
  });
});

describe('attachment deletion', () => {
  it('soft-deletes once; a deleted or unknown attachment is not found', () => {
    expect(open([uploaded(9)]).when({ type: 'DeleteAttachment' }, member, accessTo(member))).toEqual([deleted]);
    expect(open([uploaded(9), deleted]).state.deleted).toBe(true);
    expect(() => open([uploaded(9), deleted]).when({ type: 'DeleteAttachment' }, member, accessTo(member))).toThrow(NotFoundError);
    expect(() => open([]).when({ type: 'DeleteAttachment' }, member, accessTo(member))).toThrow(NotFoundError);
  });

  it('needs delete_attachment, except for the uploader of an unbound attachment', () => {
    const canAddOnly = accessGranting(['view_project', 'add_attachment']);
    expect(() => open([uploaded(9)]).when({ type: 'DeleteAttachment' }, member, canAddOnly)).toThrow(PermissionDeniedError);
    expect(open([uploaded(9)]).when({ type: 'DeleteAttachment' }, member, accessGranting(['view_project', 'delete_attachment']))).toEqual([
      deleted,
    ]);
    expect(open([uploaded(5)]).when({ type: 'DeleteAttachment' }, member, canAddOnly)).toEqual([deleted]);
    const bound = [uploaded(5, { contentTypeId: 7, objectId: 42 })];
    expect(() => open(bound).when({ type: 'DeleteAttachment' }, member, canAddOnly)).toThrow(PermissionDeniedError);
  });

  it('keeps the uploader out of a project they can no longer see, and out of archived projects', () => {
    expect(() => open([uploaded(5)]).when({ type: 'DeleteAttachment' }, member, accessTo(member, { isPrivate: true }))).toThrow(
      PermissionDeniedError,
    );
    expect(() => open([uploaded(5)]).when({ type: 'DeleteAttachment' }, member, accessTo(member, { isArchive: true }))).toThrow(
      PermissionDeniedError,
    );
    expect(open([uploaded(5)]).when({ type: 'DeleteAttachment' }, superuser, accessTo(superuser, { isArchive: true }))).toEqual([deleted]);
  });
});
