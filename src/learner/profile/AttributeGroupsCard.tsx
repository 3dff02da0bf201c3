import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from '../../app';
import { Link } from 'react-router-dom';
import { attributeCalls } from '../../../shared/calls/attributes';
import { useCall } from '../../http/queries';

const k = (key: string) => `app.profile.groups.${key}`;

/** The profile's attribute groups (spec 2 §3.2), each a page of its own: /profile/{attributeGroupId}. */
export function AttributeGroupsCard() {
  const translate = useTranslate();
  const { data, error } = useCall(attributeCalls.groups, {});
  if (error) return <Typography color="error">{translate(k('loadError'))}</Typography>;
  if (!data?.length) return null;
  return (
    <Stack spacing={1} data-testid="attribute-groups">
      <Typography variant="h6" component="h2">
        {translate(k('title'))}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {data.map((g) => (
          <Button key={g.id} variant="outlined" component={Link} to={`/profile/${g.id}`}>
            {g.label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
