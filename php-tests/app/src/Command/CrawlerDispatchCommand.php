<?php

declare(strict_types=1);

namespace App\Command;

use App\Crawl\CrawlState;
use App\Database\CrawlDatabase;
use App\Message\CrawlUrl;
use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Messenger\MessageBusInterface;
use UrlNormalize\UrlNormalizer;

/**
 * `app:crawler:dispatch [--url <crawl-url-id>]...`: starts a crawl from stored URLs (every
 * crawl_url row, or those given). It records the crawl's scope (the seeds' sites) and sends a
 * CrawlUrl message for each seed; workers (`messenger:consume crawl`) do the rest. With the
 * embedded default transport (sync://) the whole crawl runs here, before the command returns.
 */
#[AsCommand(name: 'app:crawler:dispatch', description: 'Starts a crawl: sends a CrawlUrl message for each seed URL')]
final class CrawlerDispatchCommand extends Command
{
    public function __construct(
        private readonly CrawlDatabase $database,
        private readonly CrawlState $state,
        private readonly UrlNormalizer $normalizer,
        private readonly MessageBusInterface $bus,
    ) {
        parent::__construct();
    }

    protected function configure(): void
    {
        $this->addOption(
            'url',
            null,
            InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
            'Ids of crawl_url rows (default: all)'
        );
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $ids = array_map('intval', (array) $input->getOption('url'));
        $rows = array_values(array_filter(
            $this->database->urls(),
            static fn (array $row): bool => $ids === [] || in_array($row['id'], $ids, true)
        ));
        $seeds = [];
        $scope = [];
        foreach ($rows as $row) {
            $url = $this->normalizer->normalize($row['url']);
            $site = $this->normalizer->registrableDomain($url) ?? parse_url($url, PHP_URL_HOST);
            if (!is_string($site) || $site === '') {
                $output->writeln("<comment>Skipped crawl_url {$row['id']}: no site in {$url}</comment>");
                continue;
            }
            $scope[$site] ??= $url;
            $seeds[$this->normalizer->fingerprint($row['url'], null, 128)] ??= $row;
        }
        if ($seeds === []) {
            $output->writeln('<error>No seed URL to crawl</error>');
            return Command::FAILURE;
        }
        $this->state->reset($scope);
        foreach ($this->state->claim('dispatch', array_map('strval', array_keys($seeds))) as $key) {
            $row = $seeds[$key];
            $this->bus->dispatch(new CrawlUrl($row['url'], 0, $key, hash('xxh128', "dispatch>$key"), $row['id']));
            $this->state->markDispatched($key);
        }
        // The embedded crawl's links, breadth first (CrawlState::defer()); none on Redis.
        while (($next = $this->state->nextDeferred()) !== null) {
            $this->bus->dispatch($next);
        }
        $progress = $this->state->progress();
        $output->writeln(sprintf(
            'Dispatched %d seed URLs on %d sites; pages seen %d, done %d',
            count($seeds),
            count($scope),
            $progress['seen'],
            $progress['done']
        ));
        return Command::SUCCESS;
    }
}
