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
	arr, err := callObject(c, obj.ObjectID, formJS(), false, diagnostics.MaxBlockers)
	if err != nil || arr.ObjectID == "" {
		return nil, err
	}
	raw, err := callObject(c, arr.ObjectID, formInfoJS(), true)
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
