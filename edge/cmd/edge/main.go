// Command edge is the Henhouse edge server: the only process a user starts.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/metrics"
	"github.com/henhouse/platform/edge/internal/server"
	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/telemetry"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "modules" {
		if err := modulesCommand(os.Args[2:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "edge modules:", err)
			os.Exit(1)
		}
		return
	}
	log := slog.New(metrics.LogHandler(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("edge stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := server.ConfigFromEnv()
	if err != nil {
		return err
	}
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "rotate-keys":
			return withTokens(cfg, log, func(ctx context.Context, t *auth.Tokens) error {
				kid, err := t.Rotate(ctx)
				if err == nil {
					fmt.Println("signing key is now", kid)
				}
				return err
			})
		case "force-sign-out":
			if len(os.Args) != 3 {
				return fmt.Errorf("usage: edge force-sign-out <member id>")
			}
			return withTokens(cfg, log, func(ctx context.Context, t *auth.Tokens) error {
				if err := t.ForceSignOut(ctx, os.Args[2]); err != nil {
					return err
				}
				fmt.Println("every session of member", os.Args[2], "is invalidated; on the next request the member sees the forced sign-out dialog")
				return nil
			})
		default:
			return fmt.Errorf("unknown command %q (commands: rotate-keys, force-sign-out <member id>, modules …)", os.Args[1])
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	shutdownTracing, err := telemetry.Setup(ctx, "henhouse-edge", server.AppVersion)
	if err != nil {
		return err
	}
	defer shutdownTracing(context.Background())
	s, err := server.New(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer s.Close()
	go s.Store.RunClock(ctx, time.Second)

	addr := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port))
	errc := make(chan error, 1)
	go func() {
		errc <- s.App.Listen(addr, fiber.ListenConfig{DisableStartupMessage: true})
	}()
	if s.Admin != nil {
		go func() {
			errc <- s.Admin.Listen(cfg.Delivery.AdminAddr, fiber.ListenConfig{DisableStartupMessage: true})
		}()
		log.Info("ops API listening on http://"+cfg.Delivery.AdminAddr, "tokens", len(cfg.Delivery.OpsTokens))
	}
	log.Info(fmt.Sprintf("%s edge listening on http://%s", site.BrandName, addr), "build", cfg.BuildDir, "modules", s.Registry.Names())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		log.Info("shutting down")
		if s.Admin != nil {
			_ = s.Admin.Shutdown()
		}
		return s.App.Shutdown()
	}
}

// withTokens opens the shared Redis and the member token service for an ops command.
// Rotating keys makes the published next key the active one: running edges pick it up
// within a minute and tokens signed by the old key stay valid until they expire.
func withTokens(cfg server.Config, log *slog.Logger, fn func(context.Context, *auth.Tokens) error) error {
	if cfg.RedisURL == "" {
		return fmt.Errorf("this command needs REDIS_URL: the embedded Redis lives inside one edge process")
	}
	ctx := context.Background()
	st, err := store.Open(ctx, cfg.RedisURL, cfg.AppPrefix, log)
	if err != nil {
		return err
	}
	defer st.Close()
	issuer := cfg.TokenIssuer
	if issuer == "" {
		issuer = server.DefaultTokenIssuer
	}
	tokens, err := auth.NewTokens(ctx, auth.Config{Store: st, Issuer: issuer})
	if err != nil {
		return err
	}
	return fn(ctx, tokens)
}
