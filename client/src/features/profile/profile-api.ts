import type { AvatarCrop, detailResponse } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

type Detail = z.output<typeof detailResponse>;

/** `users/me/avatar/` (§3.14): the picture and the crop box; the server stores it cropped, served at 180 px. */
export const avatarApi = {
  upload(file: File, crop: AvatarCrop): Observable<Detail> {
    const form = new FormData();
    form.set('avatar', file, file.name);
    form.set('crop', JSON.stringify(crop));
    return api.post(apiPath('users/me/avatar/'), { form, handles: [400, 403] });
  },
  remove: (): Observable<Detail> => api.delete(apiPath('users/me/avatar/')),
};
