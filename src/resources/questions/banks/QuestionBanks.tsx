import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import UploadFile from '@mui/icons-material/UploadFile';
import { Button, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { QUESTION_KINDS, type QuestionKind } from '../../../../shared/questions';
import { PageFrame } from '../../../ui/PageFrame';
import { resourceSections } from '../../lazyRoutes';
import { QuestionFileDialog } from '../files/QuestionFileDialog';
import { ImportDialog } from '../import/ImportDialog';
import { BankList } from './BankList';

const TAB_KEY = 'elp_resources_tab';

function initialTab(fromUrl: string | null): QuestionKind {
  const saved = fromUrl ?? (typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(TAB_KEY) : null);
  return (QUESTION_KINDS as readonly string[]).includes(saved ?? '') ? (saved as QuestionKind) : 'closed';
}

/**
 * /resources: the question banks, one tab per kind (the tab is remembered for the session), the
 * Excel import, question files (GIFT, Moodle XML, QTI) in and out, and links to the other resources kept under /resources (e.g. templates).
 */
export function QuestionBanks() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<QuestionKind>(() => initialTab(params.get('tab')));
  const [importOpen, setImportOpen] = useState(false);
  const [fileMode, setFileMode] = useState<'import' | 'export' | null>(null);
  const choose = (kind: QuestionKind) => {
    setTab(kind);
    sessionStorage.setItem(TAB_KEY, kind);
    setParams({ tab: kind }, { replace: true });
  };
  return (
    <PageFrame
      title={translate('questionBanks.name')}
      actions={
        <>
          {resourceSections.map((section) => (
            <Button key={section.name} component={Link} to={section.path} data-testid={`section-${section.name}`}>
              {translate(`resources.${section.name}.name`)}
            </Button>
          ))}
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImportOpen(true)} data-testid="open-import">
            {translate('questionBanks.import.open')}
          </Button>
          <Button variant="outlined" startIcon={<FileUpload />} onClick={() => setFileMode('import')} data-testid="open-file-import">
            {translate('questionBanks.files.importOpen')}
          </Button>
          <Button variant="outlined" startIcon={<FileDownload />} onClick={() => setFileMode('export')} data-testid="open-file-export">
            {translate('questionBanks.files.export')}
          </Button>
        </>
      }
    >
      {/* the tabs scroll on a phone; containment keeps their width from widening the page */}
      <Tabs
        value={tab}
        onChange={(_, v: QuestionKind) => choose(v)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1, contain: 'inline-size' }}
      >
        {QUESTION_KINDS.map((k) => (
          <Tab key={k} value={k} label={translate(`questionBanks.kinds.${k}`)} data-testid={`tab-${k}`} />
        ))}
      </Tabs>
      <BankList key={tab} kind={tab} />
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      {/* mounted while open, so each opening starts clean */}
      {fileMode && <QuestionFileDialog mode={fileMode} open onClose={() => setFileMode(null)} />}
    </PageFrame>
  );
}
