// A portal document as the desk hands it on to be viewed and saved: under a safe name
// (document-file-name.ts), and only when its bytes start as a PDF.
import type { PortalPdf } from '../../../shared/contract/portal-objects.ts';
import { safeDocumentFileName, startsAsPdf } from '../../../shared/contract/document-file-name.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';

export function checkedPdf(pdf: PortalPdf | null, language: UiLanguage): PortalPdf | null {
  if (!pdf) return null;
  const fileName = safeDocumentFileName(pdf.fileName);
  if (!startsAsPdf(pdf.base64)) {
    throw new BridgeFailure(
      'host-error',
      language === 'nl'
        ? `Het ERP stuurde "${fileName}", maar het is geen PDF: het is niet geopend of opgeslagen. Vraag de binnendienst het document te controleren.`
        : `The ERP sent "${fileName}", but it is not a PDF: it was not opened or saved. Ask inside sales to check the document.`,
    );
  }
  return { ...pdf, fileName, contentType: 'application/pdf' };
}
