import { FileUpload } from 'primereact/fileupload';

/** "Choose a picture": one png or jpeg handed to the caller, nothing uploaded by itself. */
export function ImageChooseButton({ id, label, onChoose }: { id?: string; label: string; onChoose(file: File | undefined): void }) {
  return (
    <FileUpload
      {...(id ? { id } : {})}
      mode="basic"
      accept="image/png,image/jpeg"
      auto
      customUpload
      chooseLabel={label}
      chooseOptions={{ icon: 'pi pi-image', className: 'p-button-outlined' }}
      uploadHandler={(event) => {
        onChoose(event.files[0]);
        event.options.clear();
      }}
    />
  );
}
