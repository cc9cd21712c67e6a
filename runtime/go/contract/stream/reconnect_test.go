package stream

import (
	"reflect"
	"testing"
)

func reconnectFixture(t *testing.T) (*Reconnector, *ManualScheduler, *[]ReconnectAction) {
	t.Helper()
	scheduler := &ManualScheduler{}
	actions := &[]ReconnectAction{}
	config := ReconnectConfig{WatchdogTimeoutMs: 30_000, NoRetryStatuses: []int{404},
		Backoff: BackoffConfig{InitialDelayMs: 1000, Multiplier: 2, MaxDelayMs: 10_000, MaxAttempts: 2}}
	r := NewReconnector(config, scheduler, func(a ReconnectAction) { *actions = append(*actions, a) })
	return r, scheduler, actions
}

func TestReconnectorRetryAfterOn429WithoutData(t *testing.T) {
	r, scheduler, actions := reconnectFixture(t)
	_ = r.Start()
	r.Response(429, 2500) // Retry-After: 2.5 s, before any data
	scheduler.Advance(2499)
	if r.State() != StateWaiting {
		t.Fatalf("state %s, want waiting", r.State())
	}
	scheduler.Advance(1)
	r.Response(404, -1)
	want := []ReconnectAction{{Kind: ActionConnect}, {Kind: ActionRetry, Attempt: 1, DelayMs: 2500},
		{Kind: ActionConnect, Attempt: 1}, {Kind: ActionFailed, Reason: "status", Status: 404}}
	if !reflect.DeepEqual(*actions, want) {
		t.Fatalf("actions %+v\nwant %+v", *actions, want)
	}
}

func TestReconnector429WithoutRetryAfterTakesTheBackoffAndRunsOut(t *testing.T) {
	r, scheduler, actions := reconnectFixture(t)
	_ = r.Start()
	for i := 0; i < 3; i++ {
		r.Response(429, -1)
		scheduler.Advance(10_000)
	}
	want := []ReconnectAction{{Kind: ActionConnect}, {Kind: ActionRetry, Attempt: 1, DelayMs: 1000},
		{Kind: ActionConnect, Attempt: 1}, {Kind: ActionRetry, Attempt: 2, DelayMs: 2000},
		{Kind: ActionConnect, Attempt: 2}, {Kind: ActionFailed, Reason: "retries_exhausted", Status: 429}}
	if !reflect.DeepEqual(*actions, want) {
		t.Fatalf("actions %+v\nwant %+v", *actions, want)
	}
}

func TestReconnectorWatchdogDropsAndDataResetsTheAttempts(t *testing.T) {
	r, scheduler, actions := reconnectFixture(t)
	_ = r.Start()
	r.Response(200, -1)
	r.Data()
	scheduler.Advance(30_000) // silent: the watchdog cancels, then a retry
	scheduler.Advance(1000)
	r.Response(200, -1)
	r.Data() // attempts restart
	r.Dropped()
	want := []ReconnectAction{{Kind: ActionConnect}, {Kind: ActionCancel, Reason: "watchdog"},
		{Kind: ActionRetry, Attempt: 1, DelayMs: 1000}, {Kind: ActionConnect, Attempt: 1},
		{Kind: ActionRetry, Attempt: 1, DelayMs: 1000}}
	if !reflect.DeepEqual(*actions, want) {
		t.Fatalf("actions %+v\nwant %+v", *actions, want)
	}
}

func TestReconnectorFirstDropWithoutDataFailsAndDoneStopsTimers(t *testing.T) {
	r, scheduler, actions := reconnectFixture(t)
	_ = r.Start()
	r.Response(500, -1)
	if r.State() != StateFailed || (*actions)[1].Reason != "no_data" {
		t.Fatalf("state %s, actions %+v", r.State(), *actions)
	}
	r2, scheduler2, actions2 := reconnectFixture(t)
	_ = r2.Start()
	r2.Response(200, -1)
	r2.Done()
	scheduler2.Advance(60_000)
	if r2.State() != StateDone || len(*actions2) != 1 {
		t.Fatalf("state %s, actions %+v", r2.State(), *actions2)
	}
	if err := r2.Start(); err == nil {
		t.Fatal("Start after Done must fail")
	}
	_ = scheduler
}

func TestReconnectorFailOnStatusEndsAtOtherStatusesButRetries503(t *testing.T) {
	scheduler := &ManualScheduler{}
	var actions []ReconnectAction
	config := ReconnectConfig{FailOnStatus: true, Backoff: BackoffConfig{InitialDelayMs: 10, Multiplier: 1, MaxDelayMs: 10,
		MaxAttempts: 1}}
	r := NewReconnector(config, scheduler, func(a ReconnectAction) { actions = append(actions, a) })
	_ = r.Start()
	r.Response(503, -1)
	scheduler.Advance(10)
	r.Response(500, -1)
	want := []ReconnectAction{{Kind: ActionConnect}, {Kind: ActionRetry, Attempt: 1, DelayMs: 10},
		{Kind: ActionConnect, Attempt: 1}, {Kind: ActionFailed, Reason: "status", Status: 500}}
	if !reflect.DeepEqual(actions, want) {
		t.Fatalf("actions %+v\nwant %+v", actions, want)
	}
}
