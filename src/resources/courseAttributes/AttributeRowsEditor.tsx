import Delete from '@mui/icons-material/Delete';
import { Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ChainAttribute } from '../../../shared/calls/chainAttributes';
import { AttributeRequirement } from '../../../shared/enums';

/** One row as edited: the attribute not chosen yet is ''. */
export interface EditedRow {
  attributeId: number | '';
  requirement: number;
  perCourse: boolean;
}

/** The rows the server takes: each with its attribute chosen. */
export const chosenRows = (rows: EditedRow[]) =>
  rows.filter((r): r is EditedRow & { attributeId: number } => r.attributeId !== '').map((r) => ({ attributeId: r.attributeId, requirement: r.requirement, perCourse: r.perCourse }));

const requirementCodes = Object.entries(AttributeRequirement) as [keyof typeof AttributeRequirement, number][];

/**
 * Which attributes are asked and how (spec 2 §4 requirement 0–4; per-course answer): the editor of
 * a course's attribute requirements and of an attribute template. `errors` are the server's field
 * errors (`attributes.{i}.attributeId`, …).
 */
export function AttributeRowsEditor({
  attributes,
  rows,
  onChange,
  errors = {},
}: {
  attributes: ChainAttribute[];
  rows: EditedRow[];
  onChange: (rows: EditedRow[]) => void;
  errors?: Record<string, string>;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`resources.courseAttributes.${k}`);
  const set = (i: number, patch: Partial<EditedRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1} data-testid="attribute-rows">
      {rows.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      {rows.map((r, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} data-testid="attribute-row">
          <TextField
            select
            size="small"
            label={t('fields.attribute')}
            value={r.attributeId}
            onChange={(e) => set(i, { attributeId: Number(e.target.value) })}
            error={!!errors[`attributes.${i}.attributeId`]}
            helperText={errors[`attributes.${i}.attributeId`]}
            sx={{ minWidth: 240, flexGrow: 1 }}
            slotProps={{ htmlInput: { 'data-testid': `row-${i}-attribute` } }}
          >
            {attributes.map((a) => (
              <MenuItem key={a.id} value={a.id} disabled={a.id !== r.attributeId && rows.some((x) => x.attributeId === a.id)}>
                {a.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('fields.requirement')}
            value={r.requirement}
            onChange={(e) => set(i, { requirement: Number(e.target.value) })}
            error={!!errors[`attributes.${i}.requirement`]}
            helperText={errors[`attributes.${i}.requirement`]}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': `row-${i}-requirement` } }}
          >
            {requirementCodes.map(([name, code]) => (
              <MenuItem key={code} value={code}>
                {t(`requirements.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Checkbox checked={r.perCourse} onChange={(e) => set(i, { perCourse: e.target.checked })} />} label={t('fields.perCourse')} />
          <IconButton aria-label={t('actions.remove')} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <Delete />
          </IconButton>
        </Stack>
      ))}
      {errors.attributes && <Typography color="error">{errors.attributes}</Typography>}
      <div>
        <Button onClick={() => onChange([...rows, { attributeId: '', requirement: AttributeRequirement.required, perCourse: false }])} data-testid="add-row">
          {t('actions.add')}
        </Button>
      </div>
    </Stack>
  );
}
