import { useState } from 'react';
import './file-picker.css';
import { FILE_PICKER_TEXTS } from '../texts';

/**
 * A file input that speaks pt-BR whatever the browser's language (decision 051: the native
 * one reads 'Choose Files / No file chosen' in an English browser). The native input stays,
 * clipped but focusable, so the keyboard (Tab, then Space or Enter) and the field's own label
 * work as before; a second label, styled as a button, opens it with the mouse, and the chosen
 * names show beside it (the input's description).
 */
export function FilePicker({
  id,
  accept,
  multiple = false,
  invalid = false,
  describedBy,
  onChange,
}: {
  id: string;
  accept: string;
  multiple?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  onChange: (files: File[]) => void;
}) {
  const [names, setNames] = useState<string[]>([]);
  const chosenId = `${id}-escolhidos`;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <input
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        className="visually-hidden app-file-picker__input"
        aria-invalid={invalid || undefined}
        aria-describedby={[chosenId, describedBy].filter(Boolean).join(' ')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          setNames(files.map((file) => file.name));
          onChange(files);
        }}
      />
      {/* A second label of the input, styled as its button: the input reads 'PDF, Escolher arquivo'. */}
      <label htmlFor={id} className="btn btn-outline-secondary mb-0 app-file-picker__button">
        {multiple ? FILE_PICKER_TEXTS.chooseMany : FILE_PICKER_TEXTS.chooseOne}
      </label>
      <span id={chosenId} className="text-body-secondary small text-break">
        {names.length === 0 ? FILE_PICKER_TEXTS.none : names.join(', ')}
      </span>
    </div>
  );
}
