import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatClearIcon from '@mui/icons-material/FormatClear';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, FormControl, FormHelperText, FormLabel, IconButton, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { LinkDialog } from './LinkDialog';
import { SafeHtml } from '../../ui/richText/SafeHtml';

type Mode = 'visual' | 'html' | 'preview';

/**
 * A small rich-text editor for react-admin forms: a contentEditable area with bold,
 * italic, underline, lists, links and "clear formatting", an HTML tab (to paste a video
 * embed code) and a preview rendered through DOMPurify. The server sanitises what is saved.
 */
export function RichTextInput(props: InputProps & { label?: string; helperText?: string }) {
  const { label, helperText, source } = props;
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput(props);
  const editor = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [mode, setMode] = useState<Mode>('visual');
  const [linkOpen, setLinkOpen] = useState(false);
  const value = (field.value as string | null | undefined) ?? '';

  // the DOM follows the form value, except while the user types into it
  useEffect(() => {
    const el = editor.current;
    if (el && mode === 'visual' && el.innerHTML !== value && document.activeElement !== el) el.innerHTML = value;
  }, [value, mode]);

  const sync = () => field.onChange(editor.current?.innerHTML ?? '');
  const exec = (command: string, arg?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, arg);
    sync();
  };
  const saveSelection = () => {
    const sel = window.getSelection();
    savedRange.current = sel && sel.rangeCount && editor.current?.contains(sel.anchorNode) ? sel.getRangeAt(0).cloneRange() : null;
  };
  const insertLink = (url: string) => {
    setLinkOpen(false);
    editor.current?.focus();
    const sel = window.getSelection();
    if (savedRange.current && sel) {
      sel.removeAllRanges();
      sel.addRange(savedRange.current);
    }
    if (sel && sel.isCollapsed) exec('insertHTML', `<a href="${url.replace(/"/g, '&quot;')}">${url.replace(/</g, '&lt;')}</a>`);
    else exec('createLink', url);
  };

  const button = (key: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip key={key} title={translate(`richText.${key}`)}>
      <span>
        <IconButton
          size="small"
          aria-label={translate(`richText.${key}`)}
          disabled={mode !== 'visual' || props.disabled}
          // keep the selection in the editor
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  const labelText = translate(label ?? `resources.${source}`, { _: label ?? source });
  const invalid = fieldState.invalid;

  return (
    <FormControl fullWidth error={invalid} margin="dense" sx={{ mb: 2 }}>
      <FormLabel id={`${id}-label`} htmlFor={id} required={isRequired} sx={{ mb: 0.5 }}>
        {labelText}
      </FormLabel>
      <Box sx={{ border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
          {button('bold', <FormatBoldIcon fontSize="small" />, () => exec('bold'))}
          {button('italic', <FormatItalicIcon fontSize="small" />, () => exec('italic'))}
          {button('underline', <FormatUnderlinedIcon fontSize="small" />, () => exec('underline'))}
          {button('bulletList', <FormatListBulletedIcon fontSize="small" />, () => exec('insertUnorderedList'))}
          {button('numberedList', <FormatListNumberedIcon fontSize="small" />, () => exec('insertOrderedList'))}
          {button('link', <LinkIcon fontSize="small" />, () => { saveSelection(); setLinkOpen(true); })}
          {button('unlink', <LinkOffIcon fontSize="small" />, () => exec('unlink'))}
          {button('clear', <FormatClearIcon fontSize="small" />, () => exec('removeFormat'))}
          <Box sx={{ flex: 1 }} />
          <Tabs value={mode} onChange={(_, m: Mode) => setMode(m)} sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0 } }}>
            <Tab value="visual" label={translate('richText.visual')} />
            <Tab value="html" label={translate('richText.html')} />
            <Tab value="preview" label={translate('richText.preview')} />
          </Tabs>
        </Box>
        {mode === 'visual' && (
          <Box
            ref={editor}
            id={id}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${id}-label`}
            aria-invalid={invalid}
            contentEditable={!props.disabled && !props.readOnly}
            suppressContentEditableWarning
            onInput={sync}
            onBlur={() => { sync(); field.onBlur(); }}
            sx={{ minHeight: 200, maxHeight: 600, overflowY: 'auto', p: 1.5, outline: 'none', '& img, & iframe': { maxWidth: '100%' } }}
          />
        )}
        {mode === 'html' && (
          <TextField
            value={value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            multiline
            minRows={8}
            fullWidth
            variant="standard"
            slotProps={{ input: { disableUnderline: true, sx: { p: 1.5, fontFamily: 'monospace', fontSize: 13 } }, htmlInput: { 'aria-labelledby': `${id}-label` } }}
          />
        )}
        {mode === 'preview' && <SafeHtml html={value} sx={{ minHeight: 200, p: 1.5 }} data-testid="rich-text-preview" />}
      </Box>
      <FormHelperText>
        <InputHelperText error={fieldState.error?.message} helperText={helperText} />
      </FormHelperText>
      {linkOpen && <LinkDialog open onClose={() => setLinkOpen(false)} onSubmit={insertLink} />}
    </FormControl>
  );
}
