import { PROOF_ACCEPT } from '#shared/plans';
import { FilePicker } from '#client/components/file-picker';
import { RequiredMarker } from '#client/components/widgets/required-marker';
import { PLANS_TEXTS } from '../texts';

/** The proofs a plan asks for (§5), with their hint and, under them, what is wrong with them. */
export function ProofFilesField({
  error,
  onChange,
}: {
  error: string | null;
  onChange: (files: File[]) => void;
}) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor="plano-comprovantes">
        {PLANS_TEXTS.proofs}
      </label>
      <RequiredMarker />
      <FilePicker
        id="plano-comprovantes"
        multiple
        accept={PROOF_ACCEPT}
        invalid={Boolean(error)}
        describedBy={
          error ? 'plano-comprovantes-dica plano-comprovantes-erro' : 'plano-comprovantes-dica'
        }
        onChange={onChange}
      />
      <div id="plano-comprovantes-dica" className="form-text">
        {PLANS_TEXTS.proofsHint}
      </div>
      {error && (
        <div id="plano-comprovantes-erro" className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
