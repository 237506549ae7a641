import { useState } from 'react';
import { PLANO_MESSAGES, PROOF_MAX_BYTES, PROOF_MAX_FILES } from '#shared/plans';
import { fileSizeMessage, fileTypeMessage } from '../texts';

const PROOF_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.pdf'];

/** §5: png, jpg/jpeg, pdf, at most 5 MB each (the server checks the content too). */
function checkProof(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!PROOF_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return fileTypeMessage(file.name);
  if (file.size > PROOF_MAX_BYTES) return fileSizeMessage(file.name);
  return null;
}

/**
 * The proofs a plan asks for (§5 `flag_enviar_foto`): the files picked, kept only when all are
 * acceptable and at most PROOF_MAX_FILES, and the problem to show under the field.
 */
export function useProofFiles(needsProofs: boolean) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);

  const pickFiles = (picked: File[]) => {
    const problem = picked.map(checkProof).find((message) => message !== null) ?? null;
    if (picked.length > PROOF_MAX_FILES) setFileError(PLANO_MESSAGES.tooManyProofs);
    else setFileError(problem);
    setFiles(problem || picked.length > PROOF_MAX_FILES ? [] : picked);
  };

  /** What keeps the form from being sent for its proofs, or null. */
  const proofProblem = () =>
    needsProofs && (files.length === 0 || fileError)
      ? (fileError ?? PLANO_MESSAGES.proofsRequired)
      : null;

  return { needsProofs, files, fileError, setFileError, pickFiles, proofProblem };
}
