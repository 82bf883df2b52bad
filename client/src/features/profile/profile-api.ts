import { userRoutes, type AvatarCrop, type detailResponse } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { api } from '../../app/services.ts';

type Detail = z.output<typeof detailResponse>;

const users = api.endpoints(userRoutes);

/** `users/me/avatar/` (§3.14): the picture and the crop box; the server stores it cropped, served at 180 px. */
export const avatarApi = {
  upload(file: File, crop: AvatarCrop): Observable<Detail> {
    const form = new FormData();
    form.set('avatar', file, file.name);
    form.set('crop', JSON.stringify(crop));
    return users.uploadAvatar({ form }, { handles: [400, 403] });
  },
  remove: (): Observable<Detail> => users.removeAvatar(),
};
