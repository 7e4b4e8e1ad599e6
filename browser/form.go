package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/locate"
)

// formJS finds the form of the control `this` (its form owner, or the
// nearest <form> or role=form around it) and the fields of that form that
// hold it back: required and empty (or unchecked, or with nothing
// chosen), or invalid, by the browser's own constraint validation
// (validity, validationMessage; read, never checkValidity(), which would
// fire `invalid` events at the page) and by aria-required, aria-checked
// and aria-invalid for ARIA widgets. It returns [form, field...] with the
// facts in .info, or null when the control is in no form. It runs in
// smokeflow's isolated world, out of the page's reach (world.go).
const formJS = `function(max) {
  const el = this.nodeType === 1 ? this : this.parentElement;
  const form = el.form || el.closest('form, [role=form]');
  if (!form) return null;
  const text = (e) => (e ? (e.innerText || e.textContent || '') : '').replace(/\s+/g, ' ').trim();
  const nameOf = (f) => f.getAttribute('aria-label') || (f.labels && f.labels.length ? text(f.labels[0]) : '') ||
    f.getAttribute('placeholder') || f.getAttribute('name') || '';
  const roleOf = (f) => f.getAttribute('role') || ({checkbox: 'checkbox', radio: 'radio'})[f.type] ||
    (f.tagName === 'SELECT' ? 'combobox' : 'textbox');
  const ariaInvalid = (f) => { const v = f.getAttribute('aria-invalid'); return v !== null && v !== 'false'; };
  const errorText = (f) => { const id = f.getAttribute('aria-errormessage'); return id ? text(f.ownerDocument.getElementById(id)) : ''; };
  const stateOf = (f, required) => {
    if ('validity' in f) {
      if (f.willValidate && !f.validity.valid) {
        if (!f.validity.valueMissing) return ['invalid', f.validationMessage];
        if (f.type === 'checkbox') return ['unchecked', f.validationMessage];
        if (f.type === 'radio' || f.tagName === 'SELECT') return ['unselected', f.validationMessage];
        return ['empty', f.validationMessage];
      }
      return f.willValidate && ariaInvalid(f) ? ['invalid', errorText(f)] : null;
    }
    const role = f.getAttribute('role');
    if (ariaInvalid(f)) return ['invalid', errorText(f)];
    if (!required || f.getAttribute('aria-disabled') === 'true') return null;
    if ((role === 'checkbox' || role === 'switch') && f.getAttribute('aria-checked') !== 'true') return ['unchecked', ''];
    if (['textbox', 'searchbox', 'combobox'].includes(role) && !text(f)) return ['empty', ''];
    return null;
  };
  const native = form.tagName === 'FORM' ? [...form.elements] : [...form.querySelectorAll('input, select, textarea')];
  const aria = [...form.querySelectorAll('[aria-required=true], [aria-invalid]:not([aria-invalid=false])')];
  const out = [form], fields = [], seen = new Set(), groups = new Set();
  for (const f of [...native, ...aria]) {
    if (fields.length >= max) break;
    if (f === el || seen.has(f)) continue;
    seen.add(f);
    const required = f.required === true || f.getAttribute('aria-required') === 'true';
    const st = stateOf(f, required);
    if (!st) continue;
    if (f.type === 'radio' && f.name) {
      if (groups.has(f.name)) continue;
      groups.add(f.name);
    }
    out.push(f);
    fields.push({required, state: st[0], message: st[1] || '', role: roleOf(f), name: nameOf(f)});
  }
  out.info = {name: form.getAttribute('aria-label') || '', fields};
  return out;
}`

// formInfo is what formJS says of the form and its fields, in order.
type formInfo struct {
	Name   string `json:"name"`
	Fields []struct {
		Required bool   `json:"required"`
		State    string `json:"state"`
		Message  string `json:"message"`
		Role     string `json:"role"`
		Name     string `json:"name"`
	} `json:"fields"`
}

// formGroup names the remote objects of one read, released together.
const formGroup = "smokeflow-form"

// FormOf reads the form the control n belongs to, and its fields that hold
// it back (docs/targets.md "Failure diagnostics"). snap, the snapshot n
// is from, gives the fields' refs, roles and names; a field it does not
// show is named from its label. It returns nil when n is in no form.
func (p *Page) FormOf(ctx context.Context, n *locate.Node, snap *locate.Snapshot) (*diagnostics.Form, error) {
	s, err := p.nodeSession(n)
	if err != nil {
		return nil, err
	}
	c := s.Client(ctx)
	defer func() { _ = proto.RuntimeReleaseObjectGroup{ObjectGroup: formGroup}.Call(c) }()
	obj, err := p.resolveOwn(ctx, s, n, formGroup)
	if err != nil {
		return nil, err
	}
	arr, err := callObject(c, obj.ObjectID, formJS, false, diagnostics.MaxBlockers)
	if err != nil || arr.ObjectID == "" {
		return nil, err
	}
	raw, err := callObject(c, arr.ObjectID, `function() { return this.info }`, true)
	if err != nil {
		return nil, err
	}
	var info formInfo
	if err := json.Unmarshal([]byte(raw.Value.JSON("", "")), &info); err != nil {
		return nil, fmt.Errorf("reading the form: %w", err)
	}
	ids, err := backendIDs(c, arr.ObjectID)
	if err != nil {
		return nil, err
	}
	// the snapshot's node of the i-th element of the array, if it has one
	node := func(i int) *locate.Node {
		if i >= len(ids) || ids[i] == 0 {
			return nil
		}
		return snap.FindBackend(n.Session, int64(ids[i]))
	}
	f := &diagnostics.Form{Role: "form", Name: info.Name, Blockers: []diagnostics.Blocker{}}
	if fn := node(0); fn != nil && fn.Role != "generic" {
		f.Role, f.Name = fn.Role, fn.Name
	}
	for i, fi := range info.Fields {
		b := diagnostics.Blocker{Role: fi.Role, Name: fi.Name, Required: fi.Required,
			State: diagnostics.FieldState(fi.State), ValidationMessage: fi.Message}
		if fn := node(i + 1); fn != nil {
			b.Ref, b.Role, b.Name = fn.Ref, fn.Role, fn.Name
		}
		f.Blockers = append(f.Blockers, b)
	}
	return f, nil
}

// callObject calls fn on a remote object, in its group.
func callObject(c *Client, id proto.RuntimeRemoteObjectID, fn string, byValue bool, args ...any) (*proto.RuntimeRemoteObject, error) {
	r, err := proto.RuntimeCallFunctionOn{ObjectID: id, FunctionDeclaration: fn, Arguments: callArgs(args),
		ReturnByValue: byValue, ObjectGroup: formGroup}.Call(c)
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, &ScriptError{Msg: r.ExceptionDetails.Text}
	}
	return r.Result, nil
}

// backendIDs are the backend node ids of the elements of a remote array,
// in order.
func backendIDs(c *Client, arr proto.RuntimeRemoteObjectID) ([]proto.DOMBackendNodeID, error) {
	props, err := proto.RuntimeGetProperties{ObjectID: arr, OwnProperties: true}.Call(c)
	if err != nil {
		return nil, err
	}
	var ids []proto.DOMBackendNodeID
	for _, pr := range props.Result {
		i, err := strconv.Atoi(pr.Name)
		if err != nil || pr.Value == nil || pr.Value.ObjectID == "" {
			continue
		}
		d, err := proto.DOMDescribeNode{ObjectID: pr.Value.ObjectID}.Call(c)
		if err != nil {
			return nil, err
		}
		for len(ids) <= i {
			ids = append(ids, 0)
		}
		ids[i] = d.Node.BackendNodeID
	}
	return ids, nil
}
