// Radix UI primitives, as shadcn/ui builds on them: a Select in a popper,
// a Select of many items that scrolls in its own box (item-aligned, the
// default), a checkbox and a switch (buttons with a <label for>), radios,
// a slider whose thumb carries the name, a combobox made of a Popover and
// cmdk, a dropdown menu with a submenu, and a confirm dialog.
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import * as Select from '@radix-ui/react-select';
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Switch from '@radix-ui/react-switch';
import * as RadioGroup from '@radix-ui/react-radio-group';
import * as Slider from '@radix-ui/react-slider';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { Label } from '@radix-ui/react-label';
import { Command } from 'cmdk';

const countries = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'China', 'Denmark', 'Egypt',
  'Finland', 'France', 'Germany', 'Greece', 'India', 'Ireland', 'Italy', 'Japan', 'Kenya', 'Mexico', 'Netherlands', 'Norway',
  'Peru', 'Poland', 'Portugal', 'Spain', 'Sweden', 'Switzerland', 'Turkey', 'Uruguay', 'Vietnam'];
const frameworks = ['Next.js', 'SvelteKit', 'Nuxt.js', 'Remix', 'Astro'];

function RoleSelect({ value, onChange }) {
  return <Select.Root value={value} onValueChange={onChange}>
    <Select.Trigger id="role" className="trigger"><Select.Value placeholder="Select a role" /><Select.Icon>▾</Select.Icon></Select.Trigger>
    <Select.Portal><Select.Content className="content" position="popper"><Select.Viewport>
      {['Viewer', 'Editor', 'Admin'].map((r) => <Select.Item key={r} value={r} className="item"><Select.ItemText>{r}</Select.ItemText></Select.Item>)}
    </Select.Viewport></Select.Content></Select.Portal>
  </Select.Root>;
}

function CountrySelect({ value, onChange }) {
  return <Select.Root value={value} onValueChange={onChange}>
    <Select.Trigger id="country" className="trigger"><Select.Value placeholder="Pick a country" /></Select.Trigger>
    <Select.Portal><Select.Content className="content">
      <Select.ScrollUpButton>▲</Select.ScrollUpButton>
      <Select.Viewport style={{ maxHeight: 200 }}>
        {countries.map((c) => <Select.Item key={c} value={c} className="item"><Select.ItemText>{c}</Select.ItemText></Select.Item>)}
      </Select.Viewport>
      <Select.ScrollDownButton>▼</Select.ScrollDownButton>
    </Select.Content></Select.Portal>
  </Select.Root>;
}

function FrameworkCombobox({ value, onChange }) {
  const [open, setOpen] = useState(false);
  return <Popover.Root open={open} onOpenChange={setOpen}>
    <Popover.Trigger asChild><button type="button" role="combobox" aria-expanded={open} aria-labelledby="fw-label" className="trigger">{value || 'Select framework...'}</button></Popover.Trigger>
    <Popover.Portal><Popover.Content className="content">
      <Command><Command.Input placeholder="Search framework..." /><Command.List>
        <Command.Empty>No framework found.</Command.Empty>
        {frameworks.map((f) => <Command.Item key={f} value={f} onSelect={() => { onChange(f); setOpen(false); }}>{f}</Command.Item>)}
      </Command.List></Command>
    </Popover.Content></Popover.Portal>
  </Popover.Root>;
}

function App() {
  const [s, setS] = useState({ email: '', role: '', country: '', fw: '', welcome: false, tfa: false, plan: 'free', seats: [1] });
  const set = (k) => (v) => setS((o) => ({ ...o, [k]: v }));
  const [out, setOut] = useState('');
  const [msg, setMsg] = useState('');
  return <main><h1>Invite a teammate</h1>
    <form onSubmit={(e) => { e.preventDefault(); setOut(`Invited: ${s.email} as ${s.role} from ${s.country} on ${s.fw}, plan ${s.plan}, ${s.seats[0]} seats, welcome ${s.welcome ? 'on' : 'off'}, 2FA ${s.tfa ? 'on' : 'off'}`); }}>
      <div className="row"><Label htmlFor="email">Email</Label><input id="email" type="email" placeholder="m@example.com" value={s.email} onChange={(e) => set('email')(e.target.value)} /></div>
      <div className="row"><Label htmlFor="role">Role</Label><RoleSelect value={s.role} onChange={set('role')} /></div>
      <div className="row"><Label htmlFor="country">Country</Label><CountrySelect value={s.country} onChange={set('country')} /></div>
      <div className="row"><span id="fw-label">Framework</span><FrameworkCombobox value={s.fw} onChange={set('fw')} /></div>
      <div className="row"><Checkbox.Root id="welcome" className="box" checked={s.welcome} onCheckedChange={(v) => set('welcome')(!!v)}><Checkbox.Indicator>✓</Checkbox.Indicator></Checkbox.Root><Label htmlFor="welcome">Send a welcome email</Label></div>
      <div className="row"><Label htmlFor="tfa">Require two-factor</Label><Switch.Root id="tfa" className="switch" checked={s.tfa} onCheckedChange={set('tfa')}><Switch.Thumb className="thumb" /></Switch.Root></div>
      <div className="row"><span>Plan</span>
        <RadioGroup.Root value={s.plan} onValueChange={set('plan')} aria-label="Plan">
          {['free', 'pro', 'team'].map((p) => <div key={p}><RadioGroup.Item value={p} id={'plan-' + p} className="box"><RadioGroup.Indicator>●</RadioGroup.Indicator></RadioGroup.Item><Label htmlFor={'plan-' + p}>{p[0].toUpperCase() + p.slice(1)}</Label></div>)}
        </RadioGroup.Root></div>
      <div className="row"><Label>Seats</Label>
        <Slider.Root className="slider" value={s.seats} onValueChange={set('seats')} min={1} max={20} step={1}><Slider.Track className="track"><Slider.Range className="range" /></Slider.Track><Slider.Thumb className="sthumb" aria-label="Seats" /></Slider.Root><span>{s.seats[0]}</span></div>
      <button type="submit">Send invite</button>
    </form>
    <p role="status">{out}</p>
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild><button>Options</button></DropdownMenu.Trigger>
      <DropdownMenu.Portal><DropdownMenu.Content className="content">
        <DropdownMenu.Item className="item" onSelect={() => setMsg('Renamed')}>Rename</DropdownMenu.Item>
        <DropdownMenu.Sub>
          <DropdownMenu.SubTrigger className="item">Move to</DropdownMenu.SubTrigger>
          <DropdownMenu.Portal><DropdownMenu.SubContent className="content">
            <DropdownMenu.Item className="item" onSelect={() => setMsg('Moved to Project B')}>Project B</DropdownMenu.Item>
            <DropdownMenu.Item className="item" onSelect={() => setMsg('Moved to Project C')}>Project C</DropdownMenu.Item>
          </DropdownMenu.SubContent></DropdownMenu.Portal>
        </DropdownMenu.Sub>
      </DropdownMenu.Content></DropdownMenu.Portal>
    </DropdownMenu.Root>
    <Dialog.Root>
      <Dialog.Trigger asChild><button>Remove member</button></Dialog.Trigger>
      <Dialog.Portal><Dialog.Overlay className="overlay" /><Dialog.Content className="dialog">
        <Dialog.Title>Are you absolutely sure?</Dialog.Title>
        <Dialog.Description>This removes the member from the team.</Dialog.Description>
        <Dialog.Close asChild><button>Cancel</button></Dialog.Close>
        <Dialog.Close asChild><button onClick={() => setMsg('Removed')}>Continue</button></Dialog.Close>
      </Dialog.Content></Dialog.Portal>
    </Dialog.Root>
    <p role="log">{msg}</p>
  </main>;
}
createRoot(document.getElementById('root')).render(<App />);
