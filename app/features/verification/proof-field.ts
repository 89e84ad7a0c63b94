/** The form field that carries the solved proof of work, shared by the widget and the server's check. */
export const PROOF_FIELD = "proofOfWork";
