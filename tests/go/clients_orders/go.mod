module contractgen.test/clientsorders

go 1.19

require example.com/acme-orders v0.0.0

// CMake (go_clients_orders) replaces example.com/acme-orders by the second
// contract's module as the current generator writes it (tests/fresh).
