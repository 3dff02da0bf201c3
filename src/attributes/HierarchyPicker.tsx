import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, CircularProgress, FormControl, FormHelperText, FormLabel, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from '../app';
import type { HierarchyNode } from '../../shared/attributes';
import { dictionaryCalls } from '../../shared/calls/dictionaries';
import { useCall } from '../http/queries';

interface PickerProps {
  hierarchyId: string;
  value: string;
  onChange: (value: string) => void;
  label: string;
  message?: string;
  disabled?: boolean;
  testId: string;
}

/** One node: an inner node opens its children (loaded on first open), a last-level node is chosen. */
function Node({ hierarchyId, node, value, onChange, disabled, testId }: Omit<PickerProps, 'label' | 'message'> & { node: HierarchyNode }) {
  const [open, setOpen] = useState(node.nodes.length > 0);
  const loaded = node.nodes.length > 0;
  const children = useCall(dictionaryCalls.children, open && !loaded && !node.last ? { params: { id: hierarchyId }, query: { node: node.id } } : null);
  const list = loaded ? node.nodes : (children.data ?? []);
  if (node.last) {
    return (
      <Button
        size="small"
        variant={node.id === value ? 'contained' : 'text'}
        disabled={disabled}
        onClick={() => onChange(node.id)}
        sx={{ justifyContent: 'flex-start', textTransform: 'none', ml: 3 }}
        data-testid={`${testId}-node-${node.id}`}
        aria-pressed={node.id === value}
      >
        {node.text}
      </Button>
    );
  }
  return (
    <Box>
      <Button
        size="small"
        startIcon={open ? <ExpandMore /> : <ChevronRight />}
        onClick={() => setOpen(!open)}
        sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
        aria-expanded={open}
        data-testid={`${testId}-node-${node.id}`}
      >
        {node.text}
      </Button>
      {open && (
        <Stack sx={{ pl: 2 }}>
          {children.isPending && !loaded && <CircularProgress size={16} sx={{ ml: 3 }} />}
          {list.map((n) => (
            <Node key={n.id} hierarchyId={hierarchyId} node={n} value={value} onChange={onChange} disabled={disabled} testId={testId} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The tree picker of a hierarchy attribute (spec 2 §4): the roots (or, for a stored value, the
 * tree down to it: `…/last-level-value/{value}/tree`), each level loaded on opening
 * (`…/nodes/children`); only a last-level node can be chosen (the server checks the same).
 */
export function HierarchyPicker({ hierarchyId, value, onChange, label, message, disabled, testId }: PickerProps) {
  const translate = useTranslate();
  // the tree to the value first shown; choosing another node keeps the tree as it is
  const [initial] = useState(value);
  const tree = useCall(dictionaryCalls.tree, initial ? { params: { id: hierarchyId, value: initial } } : null);
  const roots = useCall(dictionaryCalls.children, !initial || tree.isError ? { params: { id: hierarchyId }, query: {} } : null);
  const nodes = (initial && !tree.isError ? tree.data : roots.data) ?? [];
  const pending = initial && !tree.isError ? tree.isPending : roots.isPending;
  return (
    <FormControl error={!!message} fullWidth data-testid={testId}>
      <FormLabel>{label}</FormLabel>
      {pending ? (
        <CircularProgress size={20} />
      ) : (
        <Stack>
          {nodes.map((n) => (
            <Node key={n.id} hierarchyId={hierarchyId} node={n} value={value} onChange={onChange} disabled={disabled} testId={testId} />
          ))}
        </Stack>
      )}
      <FormHelperText>{message || (roots.isError ? translate('app.attributes.hierarchyLoadError') : translate('app.attributes.hierarchyChoose'))}</FormHelperText>
    </FormControl>
  );
}
