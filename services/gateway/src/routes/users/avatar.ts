import {
  AVATAR_SIZE,
  NotFoundError,
  ValidationError,
  parseAvatarCrop,
  userMessages,
  userRoutes,
  type StoredAvatar,
} from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { findUser, findVisibleUser } from '@testament/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { readForm } from '../../http/form.ts';
import { cropAvatar, readPicture } from '../../http/image-processing.ts';
import { sendImage } from '../../http/images.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';

async function deleteAvatarBlobs(blobs: BlobStore, avatar: StoredAvatar | null): Promise<void> {
  if (!avatar) return;
  await blobs.delete(avatar.key);
  await blobs.delete(avatar.originalKey);
}

/** `users/me/avatar/` (multipart `avatar` + `crop`) and the image at `/avatars/{userId}/`. */
export async function avatarRoutes(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  serve(app, userRoutes.uploadAvatar, async (request) => {
    const user = requireUser(request);
    const form = await readForm(request);
    const file = form.files.find((f) => f.field === 'avatar');
    if (!file) throw ValidationError.of('avatar', userMessages.avatarRequired);
    const picture = await readPicture(file, 'avatar');
    const { original, rendition } = await cropAvatar(picture, parseAvatarCrop(form.fields.crop));
    const base = `avatars/${user._id}/${randomUUID()}`;
    const extension = original.contentType === 'image/png' ? 'png' : 'jpg';
    const avatar: StoredAvatar = {
      key: `${base}-${AVATAR_SIZE}.${extension}`,
      originalKey: `${base}.${extension}`,
      contentType: original.contentType,
    };
    await system.blobs.put(avatar.originalKey, original);
    await system.blobs.put(avatar.key, rendition);
    await execute(context, request, 'users.setAvatar', { userId: user._id, avatar }).catch(async (error: unknown) => {
      await deleteAvatarBlobs(system.blobs, avatar);
      throw error;
    });
    await deleteAvatarBlobs(system.blobs, user.avatar);
    return { detail: userMessages.avatarUpdated };
  });

  serve(app, userRoutes.removeAvatar, async (request) => {
    const user = requireUser(request);
    await execute(context, request, 'users.removeAvatar', { userId: user._id });
    const after = await findUser(system.readStore, user._id);
    if (!after?.avatar) await deleteAvatarBlobs(system.blobs, user.avatar);
    return { detail: userMessages.avatarRemoved };
  });

  /** The 180 px rendition, for anyone who may see the user. */
  serve(app, userRoutes.avatar, async (request, reply) => {
    const viewer = requireUser(request);
    const user = await findVisibleUser(system.readStore, viewer, Number((request.params as { userId: string }).userId));
    const blob = user?.avatar ? await system.blobs.get(user.avatar.key) : null;
    if (!blob) throw new NotFoundError();
    return sendImage(reply, { bytes: blob.bytes, contentType: user!.avatar!.contentType });
  });
}
