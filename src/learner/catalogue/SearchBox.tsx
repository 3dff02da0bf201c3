import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton } from '@mui/material';

/**
 * The catalogue's search box, drawn as a small outlined MUI TextField with a search icon and a
 * clear button, on a plain input: TextField brings InputBase, FormControl, Select and its Menu
 * (~20 KB gzip) to the catalogue's first load.
 */
export function SearchBox({ value, onChange, label, clearLabel }: { value: string; onChange: (value: string) => void; label: string; clearLabel: string }) {
  return (
    <Box
      sx={(theme) => {
        const light = theme.palette.mode === 'light';
        return {
          display: 'flex',
          alignItems: 'center',
          width: '100%',
          boxSizing: 'border-box',
          pl: '14px',
          pr: value ? '14px' : 0,
          borderRadius: `${theme.shape.borderRadius}px`,
          border: `1px solid ${light ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)'}`,
          color: 'text.primary',
          ...theme.typography.body1,
          lineHeight: '1.4375em',
          cursor: 'text',
          '&:hover': { borderColor: 'text.primary' },
          // the focused border is 2 px, as the outlined input's, without moving the text
          '&:focus-within': { borderColor: 'primary.main', boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}` },
          '& input': {
            font: 'inherit',
            letterSpacing: 'inherit',
            color: 'currentColor',
            flex: 1,
            minWidth: 0,
            height: '1.4375em',
            p: '8.5px 14px 8.5px 0',
            border: 0,
            bgcolor: 'transparent',
            outline: 0,
            '&::placeholder': { color: 'currentColor', opacity: light ? 0.42 : 0.5 },
          },
        };
      }}
    >
      <SearchIcon sx={{ mr: 1, color: 'action.active' }} />
      <input type="text" value={value} onChange={(e) => onChange(e.target.value)} placeholder={label} aria-label={label} maxLength={200} />
      {value && (
        <IconButton size="small" aria-label={clearLabel} onClick={() => onChange('')} sx={{ ml: 1 }}>
          <ClearIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
