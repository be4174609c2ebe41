<?php

declare(strict_types=1);

namespace App\Command;

use App\Database\CrawlDatabase;
use App\Service\Crawler\Implementations\Crawl4Ai\Http\Crawl4AiRequestBuilder;
use App\Service\Crawler\Implementations\Spider\Http\CrawlRequestBuilder;
use App\Service\Crawler\RequestBuilderInterface;
use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Contracts\HttpClient\Exception\ExceptionInterface as HttpException;
use Symfony\Contracts\HttpClient\HttpClientInterface;

/**
 * `app:crawler:run --url <crawl-url-id> [--crawler spider|crawl4ai]` (seed 000, "Manual
 * Testing"): loads the stored URL, builds the crawler's payload (which normalizes the URL),
 * POSTs it to the crawl API and records the outcome in `crawl_result`.
 */
#[AsCommand(name: 'app:crawler:run', description: 'Sends a stored URL to a crawl API and records the result')]
final class CrawlerRunCommand extends Command
{
    /** @var array<string, RequestBuilderInterface> */
    private array $builders;

    public function __construct(
        private readonly CrawlDatabase $database,
        private readonly HttpClientInterface $httpClient,
        CrawlRequestBuilder $spider,
        Crawl4AiRequestBuilder $crawl4ai,
    ) {
        parent::__construct();
        $this->builders = ['spider' => $spider, 'crawl4ai' => $crawl4ai];
    }

    protected function configure(): void
    {
        $this
            ->addOption('url', null, InputOption::VALUE_REQUIRED, 'The id of the crawl_url row')
            ->addOption('crawler', null, InputOption::VALUE_REQUIRED, 'spider or crawl4ai', 'spider');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $id = filter_var($input->getOption('url'), FILTER_VALIDATE_INT);
        $crawler = (string) $input->getOption('crawler');
        $builder = $this->builders[$crawler] ?? null;
        if ($id === false || $builder === null) {
            $output->writeln('<error>Usage: app:crawler:run --url <crawl-url-id> [--crawler spider|crawl4ai]</error>');
            return Command::INVALID;
        }
        $row = $this->database->findUrl($id);
        if ($row === null) {
            $output->writeln("<error>No crawl_url row with id $id</error>");
            return Command::FAILURE;
        }

        $payload = $builder->build($row['url'])->getPayload();
        $urlSent = $payload['url'] ?? $payload['urls'][0];
        [$success, $httpStatus, $detail] = $this->send($builder, $payload);
        $this->database->addResult($id, $crawler, $urlSent, $success, $httpStatus, $detail);

        $output->writeln(sprintf(
            '%s %d via %s: %s (%s)',
            $success ? 'crawled' : 'failed',
            $id,
            $crawler,
            $urlSent,
            $detail
        ));
        return $success ? Command::SUCCESS : Command::FAILURE;
    }

    /**
     * @param array<string, mixed> $payload
     * @return array{bool, ?int, string} success, HTTP status, what the API said
     */
    private function send(RequestBuilderInterface $builder, array $payload): array
    {
        try {
            $response = $this->httpClient->request('POST', $builder->getApiUrl(), [
                'headers' => $builder->getHeaders(),
                'body' => json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
            ]);
            $status = $response->getStatusCode();
            $body = $response->getContent(false);
        } catch (\JsonException $e) {
            return [false, null, 'payload is not valid JSON: ' . $e->getMessage()];
        } catch (HttpException $e) {
            return [false, null, 'crawl API unreachable: ' . $e->getMessage()];
        }
        $answer = json_decode($body, true);
        $detail = is_array($answer) ? (string) ($answer['detail'] ?? $answer['error'] ?? 'ok') : 'unreadable answer';
        return [$status === 200, $status, $detail];
    }
}
