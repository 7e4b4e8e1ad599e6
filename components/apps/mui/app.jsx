// MUI (React): a text field, a Select (a combobox button whose menu is a
// portal at the end of body), a switch in its label, and a confirm dialog.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  Button, Dialog, DialogActions, DialogTitle, FormControl, FormControlLabel, InputLabel, MenuItem, Select, Stack, Switch, TextField,
} from '@mui/material';

function App() {
  const [subject, setSubject] = useState('');
  const [priority, setPriority] = useState('');
  const [urgent, setUrgent] = useState(false);
  const [open, setOpen] = useState(false);
  const [out, setOut] = useState('');
  const confirm = () => {
    setOpen(false);
    setOut(`Submitted: subject=${subject}, priority=${priority}, urgent=${urgent ? 'yes' : 'no'}`);
  };
  return (
    <Stack spacing={2} sx={{ p: 3, maxWidth: 400 }}>
      <h1>New support ticket</h1>
      <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
      <FormControl>
        <InputLabel id="priority-label">Priority</InputLabel>
        <Select labelId="priority-label" label="Priority" value={priority} onChange={(e) => setPriority(e.target.value)}>
          <MenuItem value="Low">Low</MenuItem>
          <MenuItem value="Normal">Normal</MenuItem>
          <MenuItem value="High">High</MenuItem>
        </Select>
      </FormControl>
      <FormControlLabel control={<Switch checked={urgent} onChange={(e) => setUrgent(e.target.checked)} />} label="Urgent" />
      <Button variant="contained" onClick={() => setOpen(true)}>Submit ticket</Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Submit this ticket?</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button onClick={confirm}>Confirm</Button>
        </DialogActions>
      </Dialog>
      <p role="status">{out}</p>
    </Stack>
  );
}

createRoot(document.getElementById('root')).render(<App />);
