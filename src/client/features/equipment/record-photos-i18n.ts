/** Texts of a record's photos and seal in the equipment's history (issue 29 items 1 and 3). */
import { registerTranslations } from '../../i18n/index.ts';

export const RECORD_PHOTOS_NS = 'recordPhotos';

registerTranslations(RECORD_PHOTOS_NS, {
  pt: {
    title: 'Fotos',
    photo: 'Foto {{n}}',
    open: 'Abrir a foto {{n}} em tamanho original',
    sealed: 'Assinado — código',
    verify: 'Verificar o registro {{code}}',
  },
  en: {
    title: 'Photos',
    photo: 'Photo {{n}}',
    open: 'Open photo {{n}} at full size',
    sealed: 'Signed — code',
    verify: 'Verify record {{code}}',
  },
  es: {
    title: 'Fotos',
    photo: 'Foto {{n}}',
    open: 'Abrir la foto {{n}} en tamaño original',
    sealed: 'Firmado — código',
    verify: 'Verificar el registro {{code}}',
  },
});
