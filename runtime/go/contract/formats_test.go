package contract

import "testing"

// The format rules of docs/semantics.md, case by case.
func TestFormats(t *testing.T) {
	checks := []struct {
		name  string
		check func(string) bool
		good  []string
		bad   []string
	}{
		{"uuid", IsUUID,
			[]string{"123e4567-e89b-12d3-a456-426614174000", "ABCDEF00-0000-0000-0000-000000000000"},
			[]string{"123e4567e89b12d3a456426614174000", "urn:uuid:123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400g", ""}},
		{"date-time", IsDateTime,
			[]string{"2024-02-29T12:00:00Z", "2024-01-01t00:00:00.5+01:30", "1998-12-31T23:59:60Z", "1998-12-31T15:59:60-08:00", "2024-01-01T00:00:00z"},
			[]string{"2023-02-29T12:00:00Z", "2024-01-01 12:00:00Z", "2024-01-01T12:00:00+0100", "2024-01-01T12:00:60Z", "2024-01-01T24:00:00Z",
				"2024-01-01T12:00:00.Z", "2024-13-01T00:00:00Z", "2024-01-01T12:00:00", "2024-01-01T12:00:00+24:00", "２024-01-01T00:00:00Z"}},
		{"uri", IsURI,
			[]string{"https://example.com/a?b=c#d", "urn:isbn:0451450523", "http://[::1]:8080/", "http://[::ffff:1.2.3.4]/", "http://[v1.x]/", "mailto:a@b.c", "http://087.10.0.1/", "a:%20"},
			[]string{"//example.com", "/relative", "http://[::ffff:01.2.3.4]/", "http://exa mple.com/", "http://example.com:80a/", "1http://x", "a:%2", "http://[1:2:3:4:5:6:7:8:9]/", "http://[::1::2]/"}},
	}
	for _, c := range checks {
		for _, s := range c.good {
			if !c.check(s) {
				t.Errorf("%s: %q should be valid", c.name, s)
			}
		}
		for _, s := range c.bad {
			if c.check(s) {
				t.Errorf("%s: %q should be invalid", c.name, s)
			}
		}
	}
}

func TestMultipleOf(t *testing.T) {
	// docs/semantics.md: exact for integers; otherwise the quotient must be
	// finite and within 1e-9 (relative) of an integer.
	if !isMultiple(0.0075, 0.0001) || !isMultiple(10, 5) || isMultiple(10, 3) || isMultiple(0.3, 0.2) || isMultiple(1e308, 0.5) {
		t.Error("multipleOf rule broken")
	}
}
