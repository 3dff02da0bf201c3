import { Typography } from '@mui/material';
import { Datagrid, FunctionField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { confirmedCodes } from '../../../shared/resources/confirmedCodes';
import { useDates } from '../../ui/dates';
import { TableScroll } from '../../ui/TableScroll';
import { DeclaredList } from '../factory/DeclaredList';

const T = 'app.attendance.confirm';

/** The digital-code journal: the codes confirmed in the course, newest first (who, which exercise, when, by whom). */
export function ConfirmedCodesJournal() {
  const translate = useTranslate();
  const dates = useDates();
  return (
    <section aria-labelledby="confirmed-codes-title">
      <Typography id="confirmed-codes-title" variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate(`${T}.listTitle`)}
      </Typography>
      {/* a part of the confirm page: its title stays the page's */}
      <DeclaredList decl={confirmedCodes} title={false} disableSyncWithLocation empty={<Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>}>
        <TableScroll>
          <Datagrid bulkActionButtons={false} rowClick={false} data-testid="confirmed-codes">
            <FunctionField source="student" label={`${T}.student`} sortable={false} render={(c: RaRecord) => `${c.lastName ?? ''} ${c.firstName ?? ''}`.trim() || c.email} />
            <TextField source="exerciseLabel" label={`${T}.exercise`} sortable={false} />
            <TextField source="code" label={`${T}.code`} sortable={false} />
            <FunctionField source="confirmedAt" label={`${T}.confirmedAt`} sortable={false} render={(c: RaRecord) => dates.dateTime(c.confirmedAt)} />
            <FunctionField source="confirmedBy" label={`${T}.confirmedBy`} sortable={false} render={(c: RaRecord) => c.confirmedBy ?? '—'} />
          </Datagrid>
        </TableScroll>
      </DeclaredList>
    </section>
  );
}
