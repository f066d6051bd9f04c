/** Uploaded images: re-encoded, watermarked, sized copies (docs/ssr.md "Images"). */
import { defineModule } from '../../module'
import { withMultipart } from '../../plugins/multipart'
import { localFiles } from '../../storage/files'
import { imageRoutes } from './routes'
import { imageService, type ImageService } from './service'

declare module '../../module' {
  interface Services {
    images: ImageService
  }
}

export const imageModule = defineModule({
  name: 'image',
  provides: ['images'],
  register({ db, now, settings, routes }) {
    const images = imageService({ db, files: localFiles(settings.uploadDir), now })
    routes(withMultipart(imageRoutes), { images, now })
    return { images }
  },
})
