// The scoresheet PDF of a match, made in the browser: the server's model (in the competition's
// language, with the file's name), drawn with jsPDF and saved as a download.
import { api } from '@/api/client';
import { loadScoresheetFonts } from '@/features/scoresheet/fonts';
import { renderScoresheet, type Scoresheet } from '@/features/scoresheet/render-scoresheet';

/** Fetches, draws and saves the scoresheet of `matchId`; resolves to the saved file's name. */
export async function exportScoresheet(matchId: number): Promise<string> {
  const [sheet, fonts] = await Promise.all([api.get<Scoresheet>(`/api/Matches/${matchId}/scoresheet`), loadScoresheetFonts()]);
  renderScoresheet(sheet, fonts).save(sheet.fileName);
  return sheet.fileName;
}
