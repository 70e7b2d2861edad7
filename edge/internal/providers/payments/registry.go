package payments

import (
	"sort"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
)

// Registry maps processor ids to processors. It is built at start and read-only after.
type Registry struct {
	procs map[string]Processor
}

// NewRegistry holds ps by their ID; a later processor with the same id replaces an
// earlier one.
func NewRegistry(ps ...Processor) *Registry {
	r := &Registry{procs: make(map[string]Processor, len(ps))}
	for _, p := range ps {
		r.procs[p.ID()] = p
	}
	return r
}

// Builtin is the registry of the two built-in processors, "hosted" and "second".
func Builtin(st *store.Store) *Registry {
	return NewRegistry(NewHosted(st), NewSecond(st))
}

// Get returns the processor with id; an unknown id is Invalid "processor_unknown".
func (r *Registry) Get(id string) (Processor, error) {
	if p, ok := r.procs[id]; ok {
		return p, nil
	}
	return nil, fault.New(fault.Invalid, "processor_unknown", "That payment method isn't available.")
}

// IDs lists the processor ids, sorted.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.procs))
	for id := range r.procs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
